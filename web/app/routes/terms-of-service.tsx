import { Link } from "react-router";
import { LegalPage, type LegalSection } from "../../components/legal-page";
import { SITE } from "../../lib/site";

const support = <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>;

const sections: LegalSection[] = [
  {
    id: "about",
    title: "About these terms",
    body: (
      <>
        <p>
          These terms are an agreement between you and StoryLoom ("we", "us", "our") for your use of the StoryLoom
          website and app (the "Service"). By creating an account or using the Service you accept them. If you use the
          Service for an organisation, you confirm you are authorised to accept these terms for it, and "you" includes
          that organisation.
        </p>
        <p>
          You must be at least 18 to use StoryLoom. Our <Link to="/privacy-policy">Privacy Policy</Link> explains how we
          handle personal data.
        </p>
      </>
    ),
  },
  {
    id: "account",
    title: "Your account",
    body: (
      <ul>
        <li>Give accurate information when you register and keep your email address up to date.</li>
        <li>
          Keep your password secret and don't share your account. You are responsible for what happens under your
          account; tell us straight away at {support} if you think someone else has used it.
        </li>
        <li>
          Password accounts with an email address must verify it before signing in. You may also sign in with Google,
          GitHub or Apple where we offer it.
        </li>
      </ul>
    ),
  },
  {
    id: "plans",
    title: "Plans and billing",
    body: (
      <>
        <ul>
          <li>
            <strong>Free</strong>: 1 project and 5 transcripts per month, at no cost.
          </li>
          <li>
            <strong>Pro</strong>: £29 per month. Unlimited projects and transcripts, audio transcription, JIRA, Notion,
            Linear, GitHub and Azure DevOps integrations, and up to 3 team members.
          </li>
          <li>
            <strong>Enterprise</strong>: £99 per month. Everything in Pro plus 5 team seats, single sign-on, custom
            integrations and 24/7 support.
          </li>
        </ul>
        <p>
          Paid plans are billed monthly in advance by card through our payment provider, Stripe, and renew automatically
          each month until you cancel. Prices are shown in pounds sterling and include any VAT we are required to
          charge.
        </p>
        <p>
          You can cancel at any time from the Subscription page. Cancellation takes effect at the end of the billing
          period you have already paid for; you keep paid features until then and are not charged again. Except where
          the law requires otherwise, we do not refund part-used billing periods.
        </p>
        <p>
          If a payment fails or needs extra confirmation, your subscription shows as pending and paid features may be
          unavailable until the payment is completed. We may change our prices with at least 30 days' notice by email;
          the new price applies from your next billing period after the notice ends, and you can cancel before then.
        </p>
        <p>
          <strong>If you are a consumer</strong>, you may cancel a new paid subscription within 14 days of buying it.
          Because the Service starts straight away at your request, we will refund what you paid less a proportionate
          amount for the time you used it. Your statutory rights are not affected.
        </p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <>
        <p>You must not use StoryLoom to:</p>
        <ul>
          <li>upload content that is unlawful, infringes anyone's rights, or that you do not have the right to use;</li>
          <li>
            upload recordings or transcripts of people made without any notice or consent the law requires, or share
            other people's personal data without a lawful basis;
          </li>
          <li>send malware, or try to probe, breach or overload the Service or other users' accounts;</li>
          <li>get around plan limits, rate limits or security controls, or share an account between people;</li>
          <li>copy, resell or reverse engineer the Service, except as the law allows;</li>
          <li>harass others, or use the help assistant or integrations to send spam or abusive content.</li>
        </ul>
        <p>We may remove content or suspend access that breaks these rules.</p>
      </>
    ),
  },
  {
    id: "your-content",
    title: "Your content",
    body: (
      <>
        <p>
          You keep all rights in the transcripts, files and recordings you upload and in the epics and stories generated
          for you ("your content"). You give us a limited licence to host, copy, process and transmit your content only
          as needed to provide the Service to you, including sending it to the AI provider and integrations you use.
        </p>
        <p>
          You are responsible for your content and for having the right to share it with us. Where your content contains
          other people's personal data, you are the controller of that data and we process it on your behalf, following
          your instructions as set out in these terms and our Privacy Policy.
        </p>
        <p>
          You can export your data or delete it, and your account, at any time from{" "}
          <Link to="/account">Account Settings</Link>.
        </p>
      </>
    ),
  },
  {
    id: "ai-output",
    title: "AI-generated output",
    body: (
      <>
        <p>
          StoryLoom uses automated and AI systems to transcribe audio and to draft epics, user stories, acceptance
          criteria, priorities and estimates. This output may be incomplete, inaccurate or unsuitable for your purpose,
          and similar output may be produced for other users.
        </p>
        <p>
          Output is a starting point, not professional advice. Review and edit it before you rely on it, share it or
          commit to delivery plans based on it. You are responsible for how you use it.
        </p>
      </>
    ),
  },
  {
    id: "third-parties",
    title: "Integrations and third-party services",
    body: (
      <p>
        When you connect JIRA, Notion, Linear, GitHub or Azure DevOps, sign in with Google, GitHub or Apple, or pay
        through Stripe, that provider's own terms also apply. You are responsible for the credentials you give us and
        for the content we send to your workspaces at your request. We are not responsible for third-party services or
        for changes they make that stop an integration from working, but we will make reasonable efforts to keep
        integrations working.
      </p>
    ),
  },
  {
    id: "teams",
    title: "Teams",
    body: (
      <p>
        On Pro and Enterprise plans the account owner can invite colleagues as admins or members, up to the seats
        included in the plan. The owner is responsible for who they invite and for removing people who should no longer
        have access. Members can see the projects and content shared with the team.
      </p>
    ),
  },
  {
    id: "availability",
    title: "Availability and changes to the Service",
    body: (
      <p>
        We work to keep StoryLoom available and secure, but we do not promise it will be uninterrupted or error-free,
        and we may need to pause it for maintenance. We may improve or change features. If we remove a feature that is a
        main part of a paid plan, we will tell you in advance and you may cancel and receive a refund of any unused
        prepaid period.
      </p>
    ),
  },
  {
    id: "our-ip",
    title: "Our intellectual property",
    body: (
      <p>
        We and our licensors own the Service, including its software, design and branding. These terms give you a
        personal, non-transferable right to use the Service while your account is active; they do not give you any other
        rights in it.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Our liability",
    body: (
      <>
        <p>
          Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud or
          fraudulent misrepresentation, or for anything else that cannot be limited by law.
        </p>
        <p>
          <strong>If you use StoryLoom for business</strong>, we are not liable for loss of profit, revenue, business,
          goodwill or anticipated savings, or for any indirect or consequential loss. Our total liability arising out of
          or in connection with these terms in any 12-month period is limited to the fees you paid us in that period, or
          £100 if greater.
        </p>
        <p>
          <strong>If you are a consumer</strong>, we are responsible for loss or damage you suffer that is a foreseeable
          result of our breaking these terms or failing to use reasonable care and skill. We are not responsible for
          business losses, because the Service is provided for your domestic and private use.
        </p>
      </>
    ),
  },
  {
    id: "termination",
    title: "Suspension and termination",
    body: (
      <>
        <p>
          You can stop using StoryLoom and delete your account at any time from Account Settings; cancel any paid plan
          first if you want it to run to the end of the period.
        </p>
        <p>
          We may suspend or close your account if you seriously or repeatedly break these terms, if a payment remains
          unpaid, or if we must do so by law. Where reasonable we will warn you first and give you a chance to export
          your data. When an account is closed, your content is deleted as described in our Privacy Policy.
        </p>
      </>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these terms, for example to reflect new features or legal requirements. We will give you at least
        30 days' notice of changes that materially affect you. If you do not agree, you may cancel before they take
        effect; continuing to use the Service afterwards means you accept them.
      </p>
    ),
  },
  {
    id: "law",
    title: "Governing law",
    body: (
      <p>
        These terms are governed by the law of England and Wales, and the courts of England and Wales have jurisdiction.
        If you are a consumer living in Scotland or Northern Ireland, you may also bring proceedings in your local
        courts.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: <p>Questions about these terms, billing or your account: {support}.</p>,
  },
];

export default function TermsOfService() {
  return (
    <LegalPage
      title="Terms of Service"
      updated={SITE.legalUpdated}
      intro={
        <p>
          Please read these terms carefully. They explain your rights and responsibilities when you use StoryLoom, how
          our plans and billing work, and the limits of our liability.
        </p>
      }
      sections={sections}
    />
  );
}
