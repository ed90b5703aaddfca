import { Link } from "react-router";
import { LegalPage, type LegalSection } from "../../components/legal-page";
import { SITE } from "../../lib/site";

const mail = <a href={`mailto:${SITE.privacyEmail}`}>{SITE.privacyEmail}</a>;

const sections: LegalSection[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    body: (
      <>
        <p>
          StoryLoom ("we", "us", "our") provides a web application that turns meeting and product-management transcripts
          into epics and user stories. For the personal data described in this policy, StoryLoom is the data controller
          under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.
        </p>
        <p>You can contact us about privacy at any time at {mail}.</p>
      </>
    ),
  },
  {
    id: "what-we-collect",
    title: "What we collect",
    body: (
      <>
        <h3>Account data</h3>
        <ul>
          <li>
            Your username, your email address if you give one, and your first and last name if you choose to add them.
          </li>
          <li>Your password, which we store only as a salted, one-way hash. We cannot see or recover your password.</li>
          <li>
            Whether your email address is verified, your plan, whether you are an administrator, and when you joined.
          </li>
        </ul>
        <h3>Sign-in with Google, GitHub or Apple</h3>
        <p>
          If you choose to sign in with one of these providers, we receive an identifier for your account with that
          provider and, where the provider shares it, your email address and name. We never receive your password for
          those services.
        </p>
        <h3>Content you give us</h3>
        <ul>
          <li>Transcripts you paste or upload as text or Markdown files, their titles, and the projects you create.</li>
          <li>The epics and user stories generated from your transcripts, and any edits you make to them.</li>
          <li>Audio files you upload for transcription (Pro and Enterprise plans).</li>
          <li>
            Integration settings: for JIRA, the site address, account email, API token and project key; for Notion, the
            integration secret and page address; for Linear, the API key and team; for GitHub Issues, the access token
            and repository; for Azure DevOps, the organisation, project and personal access token. Tokens and secrets
            are encrypted before we store them.
          </li>
          <li>The email addresses of people you invite to your team, with their role and invitation status.</li>
        </ul>
        <p>
          Transcripts and recordings often contain other people's personal data, such as the names and words of meeting
          participants. Please read section 5 of our <Link to="/terms-of-service">Terms of Service</Link> about your
          responsibilities for that content.
        </p>
        <h3>Help assistant conversations</h3>
        <p>
          When you use the in-app help assistant we keep your message, the reply, the time, your username if you are
          signed in, and your IP address and browser user agent, so that we can answer follow-up questions, improve the
          assistant's answers and prevent abuse.
        </p>
        <h3>Payment data</h3>
        <p>
          Paid plans are billed by Stripe. You enter your card details into Stripe's secure payment form; they go
          directly to Stripe and we never see or store your full card number. We keep your plan, subscription status,
          billing period and Stripe customer reference.
        </p>
        <h3>Technical data</h3>
        <p>
          Like any website, our servers process your IP address and basic request information (such as the time and the
          page requested) to deliver the service, keep it secure and limit repeated failed sign-in attempts.
        </p>
      </>
    ),
  },
  {
    id: "how-we-use",
    title: "How we use your data and our lawful bases",
    body: (
      <>
        <ul>
          <li>
            <strong>To provide the service</strong>: creating and running your account, generating stories, exporting
            them, sending them to the integrations you set up, and running your team. Lawful basis: performance of our
            contract with you.
          </li>
          <li>
            <strong>To take payment and keep financial records</strong>. Lawful bases: contract, and our legal
            obligations under UK tax law.
          </li>
          <li>
            <strong>To send service emails</strong> such as email verification links, team invitations and important
            notices about your account. Lawful basis: contract and our legitimate interest in running the service. We do
            not send marketing emails unless you have agreed to receive them.
          </li>
          <li>
            <strong>To keep StoryLoom secure</strong>: rate limiting, preventing fraud and abuse, and investigating
            problems. Lawful basis: our legitimate interest in protecting our users and the service.
          </li>
          <li>
            <strong>To support you and improve the product</strong>, including reviewing help assistant conversations.
            Lawful basis: our legitimate interest in providing helpful support.
          </li>
        </ul>
        <p>
          We do not sell your personal data. We do not use your transcripts, recordings or generated stories to train AI
          models, and we do not make decisions about you based solely on automated processing that have legal or
          similarly significant effects.
        </p>
      </>
    ),
  },
  {
    id: "ai-processing",
    title: "AI processing",
    body: (
      <>
        <p>
          When you generate stories, transcribe audio or ask the help assistant a question, the text or audio needed for
          that request is processed by the AI provider configured for the service. Depending on configuration this is
          StoryLoom's own built-in generator running on our hosting infrastructure, Cloudflare Workers AI, or OpenAI (or
          a compatible provider). The provider processes the content on our behalf only to return the result to you.
        </p>
        <p>
          We only use AI providers under business terms that do not allow them to train their models on content sent
          through their services for us. AI output can be inaccurate; always review generated stories before you rely on
          them.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Who we share data with",
    body: (
      <>
        <p>
          We share personal data only with service providers who help us run StoryLoom, under contracts that require
          them to protect it:
        </p>
        <ul>
          <li>
            <strong>Cloudflare</strong>: hosting, database, file storage for audio, security services and, where
            configured, AI processing with Cloudflare Workers AI (section 4).
          </li>
          <li>
            <strong>Stripe</strong>: card payments and subscription billing. Stripe is also an independent controller
            for some payment data it needs for fraud prevention and legal compliance.
          </li>
          <li>
            <strong>Our email delivery provider</strong>: sending verification, invitation and account emails.
          </li>
          <li>
            <strong>OpenAI</strong>: where configured, AI processing for story generation, audio transcription and the
            help assistant, as described in section 4.
          </li>
          <li>
            <strong>Google, GitHub and Apple</strong>: only if you choose to sign in with them.
          </li>
          <li>
            <strong>Atlassian (JIRA), Notion, Linear, GitHub (Issues) and Microsoft (Azure DevOps)</strong>: only when
            you connect an integration and send stories to it. The data goes to your own workspace, at your direction.
          </li>
        </ul>
        <p>
          Members of your team can see the projects and content you share with the team. We may also disclose data if
          the law requires it, or to protect the rights, property or safety of our users, the public or StoryLoom.
        </p>
      </>
    ),
  },
  {
    id: "transfers",
    title: "International transfers",
    body: (
      <p>
        Some of our providers process data outside the United Kingdom, for example in the European Economic Area or the
        United States. Where they do, we rely on UK adequacy regulations (including the UK Extension to the EU-US Data
        Privacy Framework where a provider is certified) or on the UK International Data Transfer Agreement or Addendum
        to the EU Standard Contractual Clauses, together with any additional safeguards needed.
      </p>
    ),
  },
  {
    id: "retention",
    title: "How long we keep data",
    body: (
      <ul>
        <li>
          <strong>Account data</strong>: for as long as your account is open. When you delete your account we first
          cancel an active subscription (at once, not at the end of the period) and delete your customer record at
          Stripe, with the card and billing details saved there (Stripe keeps the records of past payments that the law
          requires it to keep). Then we delete your uploaded recordings and the help assistant's memory of your recent
          messages, and then, all at once, your profile, sign-in methods and sessions, projects, transcripts and their
          stories, integrations with their credentials, the records of exports to your trackers and Notion, your team
          with its members and invitations, your memberships in other teams, invitations to your email address that you
          had not accepted, your subscription record, usage counts, activity and help assistant conversations. In the
          activity feeds of other teams, your username and email address are replaced with "a former member". What you
          made inside another team's project stays with that team, without your name on it. Our database host keeps a
          30-day point-in-time recovery log for disaster recovery; deleted data leaves it after 30 days and is never
          restored into the live service except to recover from a failure.
        </li>
        <li>
          <strong>Transcripts, stories and projects</strong>: until you delete them or your account.
        </li>
        <li>
          <strong>Audio files</strong>: at most 7 days, so a failed transcription can be retried without uploading
          again, and never longer than the account they belong to.
        </li>
        <li>
          <strong>Help assistant conversation logs</strong>: 90 days, after which they are deleted automatically.
        </li>
        <li>
          <strong>Sign-in sessions</strong>: end when you sign out or after 30 days without use. Email verification
          links expire after 24 hours. Access tokens and connected apps last until they expire or you revoke them, and
          end when you reset your password or delete your account.
        </li>
        <li>
          <strong>Billing records</strong>: for as long as UK tax law requires, normally six years after the end of the
          financial year they relate to.
        </li>
      </ul>
    ),
  },
  {
    id: "cookies",
    title: "Cookies and browser storage",
    body: (
      <>
        <p>
          StoryLoom uses <strong>one cookie</strong>: a session cookie that keeps you signed in. It is strictly
          necessary, marked HttpOnly (scripts in the page cannot read it), Secure (sent only over HTTPS) and
          SameSite=Lax, and it expires after 30 days without use or when you sign out. Because it is strictly necessary,
          it does not need your consent under the Privacy and Electronic Communications Regulations.
        </p>
        <p>
          We do not use analytics, advertising or tracking cookies. While you verify your email we keep the address in
          your browser's session storage for that tab only; it is cleared when the tab closes. When you open the payment
          form, Stripe may set its own cookies to prevent fraud, as described in Stripe's privacy policy.
        </p>
      </>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    body: (
      <>
        <p>Under UK data protection law you have the right to:</p>
        <ul>
          <li>access the personal data we hold about you and receive a copy;</li>
          <li>have inaccurate data corrected;</li>
          <li>have your data erased;</li>
          <li>restrict or object to our processing, including processing based on legitimate interests;</li>
          <li>receive your data in a portable, machine-readable format;</li>
          <li>withdraw consent at any time where we rely on consent.</li>
        </ul>
        <p>
          You can download all your data as a JSON file and delete your account yourself from{" "}
          <Link to="/account">Account Settings</Link>. For anything else, email {mail}. We will reply within one month.
        </p>
        <p>
          If you are unhappy with how we handle your data, please tell us first so we can put it right. You also have
          the right to complain to the Information Commissioner's Office (ICO) at{" "}
          <a href="https://ico.org.uk/make-a-complaint/" rel="noreferrer" target="_blank">
            ico.org.uk
          </a>{" "}
          or on 0303 123 1113.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <p>
        All traffic is encrypted with HTTPS. Passwords are hashed with PBKDF2 and a secret pepper, integration tokens
        and secrets are encrypted with AES-256-GCM, sessions and access tokens are random tokens of which we store only
        a hash, and sign-in attempts are rate limited. Access to production data is restricted to the people who need it
        to run the service. No system is perfectly secure; if a breach affects your data we will tell you and the ICO
        where the law requires.
      </p>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: (
      <p>
        StoryLoom is a business tool and is not intended for anyone under 18. We do not knowingly collect data from
        children.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        We will update this page when our practices change and show the date of the latest version at the top. If a
        change materially affects how we use your data, we will tell you by email or in the app before it takes effect.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <p>
        Questions or requests about this policy or your personal data: {mail}. For general support, email{" "}
        <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>.
      </p>
    ),
  },
];

export default function PrivacyPolicy() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated={SITE.privacyUpdated}
      intro={
        <p>
          This policy explains what personal data StoryLoom collects when you use our website and app, why we collect
          it, who we share it with, how long we keep it and the rights you have under UK data protection law.
        </p>
      }
      sections={sections}
    />
  );
}
