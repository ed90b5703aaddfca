import { useAtom } from "jotai";
import {
  ArrowRight,
  Check,
  ClipboardPaste,
  Download,
  FolderKanban,
  KeyRound,
  ListChecks,
  LockKeyhole,
  Mic,
  PencilLine,
  Send,
  ServerCog,
  ShieldCheck,
  Sparkles,
  Users,
  Workflow,
  type LucideIcon,
} from "lucide-react";
import { useEffect } from "react";
import { Link, Navigate } from "react-router";
import { BrandMark } from "../../components/brand";
import { Copyright } from "../../components/copyright";
import { LegalLinks } from "../../components/legal-links";
import { SkipLink } from "../../components/skip-link";
import { Badge } from "../../components/ui/badge";
import { buttonClasses } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { signingOutAtom, useUser } from "../../shared/session/user";

// docs/product-spec.md §2: the landing page's sign-in buttons go to /api/login (a full-page load; the Worker redirects to /auth).
const LOGIN_URL = "/api/login";
/** Every "start" call to action opens the Sign Up tab (Sign In alone opens Sign In). */
const SIGN_UP_URL = `${LOGIN_URL}?tab=signup`;

const STEPS: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: ClipboardPaste,
    title: "Bring the conversation",
    body: "Paste a meeting or discovery transcript, upload a .txt or .md file, or on Pro upload the recording itself (MP3, WAV, M4A, OGG or WebM) and StoryLoom transcribes it.",
  },
  {
    icon: Sparkles,
    title: "Get an epic and its stories",
    body: "StoryLoom drafts an epic with a description, priority, team and suggested timeline, plus user stories with acceptance criteria, priorities and story points.",
  },
  {
    icon: Send,
    title: "Refine and ship",
    body: "Edit anything in the story editor, then copy it, export Markdown, JIRA wiki text or PDF, or push the epic and stories straight to JIRA, Linear, GitHub, Azure DevOps or Notion.",
  },
];

const FEATURES: { icon: LucideIcon; title: string; body: string; plan?: string }[] = [
  {
    icon: ListChecks,
    title: "Stories you can refine, not rewrite",
    body: "Every story follows 'As a… I want… so that…' with testable acceptance criteria and a point estimate, and carries a quality score that says what to fix. Coverage lists what the meeting asked for that no story covers yet.",
  },
  {
    icon: PencilLine,
    title: "A proper story editor",
    body: "Adjust the epic, add or remove stories and criteria, set priorities and hours, and reset to the original draft at any time.",
  },
  {
    icon: Download,
    title: "Exports that paste cleanly",
    body: "Plain text for chat, Markdown for docs, JIRA wiki markup for tickets, and a tidy A4 PDF for stakeholders.",
  },
  {
    icon: Workflow,
    title: "Tracker and Notion integrations",
    body: "Connect JIRA, Linear, GitHub Issues, Azure DevOps or a Notion page per project and send the epic with its stories in one step.",
    plan: "Pro",
  },
  {
    icon: Mic,
    title: "Audio transcription",
    body: "Upload the call recording instead of a transcript. StoryLoom turns the audio into text, then into stories.",
    plan: "Pro",
  },
  {
    icon: FolderKanban,
    title: "Projects, history and teams",
    body: "File transcripts under projects, come back to any past result, and invite colleagues as admins or members.",
  },
];

const TRUST: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: LockKeyhole,
    title: "Private by default",
    body: "Your transcripts and stories are visible only to your account. Export everything as JSON or delete your account whenever you like.",
  },
  {
    icon: KeyRound,
    title: "Secrets stay secret",
    body: "Tracker tokens and Notion secrets are encrypted at rest and never shown back in full. Sessions use a single HttpOnly cookie.",
  },
  {
    icon: ShieldCheck,
    title: "Verified accounts",
    body: "Email verification for password accounts, rate-limited sign-in, and optional sign-in with Google, GitHub or Apple.",
  },
  {
    icon: ServerCog,
    title: "Who handles your data",
    body: "StoryLoom runs on Cloudflare. Transcripts and recordings are read by our built-in generator or, where set up, by Cloudflare Workers AI or OpenAI, under terms that forbid training on your content. Payments go through Stripe; we never see your card number.",
  },
];

const PLANS: {
  name: string;
  price: string;
  blurb: string;
  features: string[];
  cta: string;
  highlighted?: boolean;
}[] = [
  {
    name: "Free",
    price: "£0",
    blurb: "Try StoryLoom on a real project.",
    features: [
      "1 project",
      "5 transcripts per month",
      "Paste text or upload .txt and .md files",
      "Story editor and all export formats",
    ],
    cta: "Start on Free",
  },
  {
    name: "Pro",
    price: "£29",
    blurb: "For product managers and small teams.",
    features: [
      "Unlimited projects and transcripts",
      "Audio transcription",
      "JIRA, Notion, Linear, GitHub and Azure DevOps integrations",
      "Up to 3 team members",
    ],
    cta: "Choose Pro",
    highlighted: true,
  },
  {
    name: "Enterprise",
    price: "£99",
    blurb: "For organisations that need more seats and support.",
    features: ["Everything in Pro", "5 team seats", "Single sign-on (SSO)", "Custom integrations", "24/7 support"],
    cta: "Choose Enterprise",
  },
];

function SectionHeading({ eyebrow, title, body, id }: { eyebrow: string; title: string; body: string; id: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-lg text-muted">{body}</p>
    </div>
  );
}

function ExampleOutput() {
  return (
    <figure className="relative">
      <div className="absolute -inset-4 -z-10 rounded-3xl bg-gradient-to-tr from-brand-200/60 via-white to-teal-100/70 blur-2xl" />
      <div className="rounded-2xl border border-line bg-white p-5 shadow-xl sm:p-6">
        <figcaption className="flex items-center justify-between gap-3 text-xs font-medium text-muted">
          <span>Example output</span>
          <Badge variant="secondary">Illustration</Badge>
        </figcaption>
        <div className="mt-4 rounded-xl border border-brand-100 bg-brand-50/60 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge>Epic</Badge>
            <Badge variant="destructive">High</Badge>
            <span className="text-xs text-muted">Q2 2026 (Apr–Jun) · Billing team</span>
          </div>
          <p className="mt-2 font-semibold text-ink">Self-serve invoice downloads</p>
          <p className="mt-1 text-sm text-muted">
            Let account owners find, download and share their invoices without contacting support.
          </p>
        </div>
        <ul className="mt-3 grid gap-3">
          <li className="rounded-xl border border-line p-4">
            <div className="flex items-start justify-between gap-3">
              <p className="text-sm font-semibold text-ink">Download past invoices as PDF</p>
              <span className="shrink-0 text-xs text-muted">5 pts</span>
            </div>
            <p className="mt-1 text-sm text-muted">
              As an account owner, I want to download any past invoice as a PDF so that I can send it to finance.
            </p>
            <ul className="mt-2 grid gap-1 text-xs text-slate-600">
              <li className="flex gap-1.5">
                <Check className="mt-0.5 size-3.5 shrink-0 text-accent-600" aria-hidden />
                Invoices from the last 24 months are listed newest first
              </li>
              <li className="flex gap-1.5">
                <Check className="mt-0.5 size-3.5 shrink-0 text-accent-600" aria-hidden />
                The PDF matches the emailed invoice exactly
              </li>
            </ul>
          </li>
          <li className="rounded-xl border border-line p-4">
            <div className="flex items-start justify-between gap-3">
              <p className="text-sm font-semibold text-ink">Send invoices to a billing contact</p>
              <span className="shrink-0 text-xs text-muted">3 pts</span>
            </div>
            <p className="mt-1 text-sm text-muted">
              As an account owner, I want invoices emailed to a billing contact so that I don't forward them by hand.
            </p>
          </li>
        </ul>
      </div>
    </figure>
  );
}

export default function Landing() {
  const { user } = useUser();
  const [signingOut, setSigningOut] = useAtom(signingOutAtom);

  useEffect(() => {
    if (signingOut && user === null) setSigningOut(false);
  }, [signingOut, user, setSigningOut]);

  if (user && !signingOut) return <Navigate to="/dashboard" replace />;

  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <title>StoryLoom: turn transcripts into user stories</title>
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-line/70 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-4 sm:px-6">
          <Link
            to="/"
            className="inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-ink focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
          >
            <BrandMark />
            StoryLoom
          </Link>
          <nav aria-label="Sections" className="hidden md:block">
            <ul className="flex gap-1 text-sm font-medium text-slate-600">
              <li>
                <a className="rounded-md px-3 py-2 hover:bg-slate-100 hover:text-ink" href="#how-it-works">
                  How it works
                </a>
              </li>
              <li>
                <a className="rounded-md px-3 py-2 hover:bg-slate-100 hover:text-ink" href="#features">
                  Features
                </a>
              </li>
              <li>
                <a className="rounded-md px-3 py-2 hover:bg-slate-100 hover:text-ink" href="#pricing">
                  Pricing
                </a>
              </li>
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
            <a href={LOGIN_URL} className={buttonClasses("ghost", "md", "px-3")}>
              Sign In
            </a>
            <a href={SIGN_UP_URL} className={buttonClasses("default", "md", "px-3 sm:px-4")}>
              Get Started
            </a>
          </div>
        </div>
      </header>

      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <section aria-labelledby="hero-title" className="relative overflow-hidden">
          <div className="absolute inset-x-0 top-0 -z-10 h-[32rem] bg-gradient-to-b from-brand-50 to-white" />
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-20 sm:px-6 lg:grid-cols-[1.05fr_1fr] lg:pt-20 lg:pb-28">
            <div>
              <Badge className="px-3 py-1">From conversation to backlog</Badge>
              <h1
                id="hero-title"
                className="mt-5 text-4xl leading-[1.1] font-bold tracking-tight text-ink sm:text-5xl lg:text-[3.4rem]"
              >
                Turn meeting transcripts into ready-to-refine user stories
              </h1>
              <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted">
                Paste a transcript, upload a file or drop in the recording. StoryLoom drafts an epic and user stories
                with acceptance criteria, priorities and story points, checks each story against the meeting, and leaves
                it ready to edit, export, or push to JIRA, Linear, GitHub, Azure DevOps or Notion.
              </p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <a href={SIGN_UP_URL} className={buttonClasses("default", "lg")}>
                  Try StoryLoom free
                  <ArrowRight aria-hidden />
                </a>
                <a href="#how-it-works" className={buttonClasses("outline", "lg")}>
                  See how it works
                </a>
              </div>
              <p className="mt-4 text-sm text-muted">Free plan: 1 project and 5 transcripts a month. No card needed.</p>
            </div>
            <ExampleOutput />
          </div>
        </section>

        <section aria-labelledby="how-title" id="how-it-works" className="scroll-mt-16 bg-canvas py-20 sm:py-24">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <SectionHeading
              id="how-title"
              eyebrow="How it works"
              title="Three steps from talk to tickets"
              body="StoryLoom does the first draft so your refinement session starts from something concrete."
            />
            <ol className="mt-14 grid gap-6 md:grid-cols-3">
              {STEPS.map((step, index) => (
                <li key={step.title} className="relative rounded-2xl border border-line bg-white p-6 shadow-card">
                  <div className="flex items-center gap-3">
                    <span className="flex size-10 items-center justify-center rounded-xl bg-brand-700 text-white">
                      <step.icon className="size-5" aria-hidden />
                    </span>
                    <span className="text-sm font-semibold text-brand-700">Step {index + 1}</span>
                  </div>
                  <h3 className="mt-4 text-lg font-semibold text-ink">{step.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-muted">{step.body}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="features-title" id="features" className="scroll-mt-16 py-20 sm:py-24">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <SectionHeading
              id="features-title"
              eyebrow="Features"
              title="Everything between the meeting and the backlog"
              body="Built for product managers, business analysts and delivery leads who write stories every week."
            />
            <ul className="mt-14 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map((feature) => (
                <li key={feature.title} className="flex gap-4">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                    <feature.icon className="size-5" aria-hidden />
                  </span>
                  <div>
                    <h3 className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                      {feature.title}
                      {feature.plan && <Badge variant="success">{feature.plan}</Badge>}
                    </h3>
                    <p className="mt-1.5 text-sm leading-relaxed text-muted">{feature.body}</p>
                  </div>
                </li>
              ))}
            </ul>

            <div className="mt-16 grid gap-6 rounded-2xl bg-slate-900 p-6 text-slate-300 sm:grid-cols-2 sm:p-8 lg:grid-cols-4">
              {TRUST.map((item) => (
                <div key={item.title}>
                  <item.icon className="size-5 text-teal-300" aria-hidden />
                  <h3 className="mt-3 font-semibold text-white">{item.title}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed">{item.body}</p>
                </div>
              ))}
            </div>
          </div>
        </section>

        <section aria-labelledby="pricing-title" id="pricing" className="scroll-mt-16 bg-canvas py-20 sm:py-24">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <SectionHeading
              id="pricing-title"
              eyebrow="Pricing"
              title="Simple monthly plans"
              body="Start free. Upgrade when you need unlimited transcripts, audio, integrations or a team."
            />
            <ul className="mt-14 grid gap-6 lg:grid-cols-3">
              {PLANS.map((plan) => (
                <li
                  key={plan.name}
                  className={cn(
                    "relative flex flex-col rounded-2xl border bg-white p-7 shadow-card",
                    plan.highlighted ? "border-brand-600 ring-1 ring-brand-600" : "border-line",
                  )}
                >
                  {plan.highlighted && (
                    <Badge className="absolute -top-3 left-7 bg-brand-700 px-3 py-1 text-white ring-brand-700">
                      Recommended
                    </Badge>
                  )}
                  <h3 className="text-lg font-semibold text-ink">{plan.name}</h3>
                  <p className="mt-1 text-sm text-muted lg:min-h-10">{plan.blurb}</p>
                  <p className="mt-6 flex items-baseline gap-1">
                    <span className="text-4xl font-bold tracking-tight text-ink">{plan.price}</span>
                    <span className="text-sm text-muted">per month</span>
                  </p>
                  <ul className="mt-6 grid flex-1 content-start gap-3 text-sm text-slate-700">
                    {plan.features.map((feature) => (
                      <li key={feature} className="flex gap-2.5">
                        <Check className="mt-0.5 size-4 shrink-0 text-accent-600" aria-hidden />
                        {feature}
                      </li>
                    ))}
                  </ul>
                  <a
                    href={SIGN_UP_URL}
                    className={buttonClasses(plan.highlighted ? "default" : "outline", "lg", "mt-8 w-full")}
                  >
                    {plan.cta}
                  </a>
                </li>
              ))}
            </ul>
            <p className="mt-8 text-center text-sm text-muted">
              Prices in pounds sterling, billed monthly by card through Stripe. Cancel any time; a paid plan stays
              active until the end of the period you have paid for.
            </p>
          </div>
        </section>

        <section aria-labelledby="cta-title" className="py-20 sm:py-24">
          <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
            <Users className="mx-auto size-8 text-brand-700" aria-hidden />
            <h2 id="cta-title" className="mt-4 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
              Your next refinement session starts with the transcript you already have
            </h2>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-muted">
              Create an account in under a minute and generate your first epic on the free plan.
            </p>
            <a href={SIGN_UP_URL} className={buttonClasses("default", "lg", "mt-8")}>
              Create your free account
              <ArrowRight aria-hidden />
            </a>
          </div>
        </section>
      </main>

      <footer className="border-t border-line bg-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between">
          <div className="max-w-sm">
            <p className="flex items-center gap-2 font-bold text-ink">
              <BrandMark className="size-7" />
              StoryLoom
            </p>
            <p className="mt-3 text-sm text-muted">
              AI-assisted user stories from meeting and product-management transcripts.
            </p>
          </div>
          <LegalLinks className="flex-wrap gap-x-6 gap-y-2 text-sm text-muted" />
        </div>
        <div className="border-t border-line">
          <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-muted sm:px-6">
            <Copyright suffix=". All rights reserved." />
          </p>
        </div>
      </footer>
    </div>
  );
}
