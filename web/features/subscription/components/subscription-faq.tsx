import { ChevronDown } from "lucide-react";

const QUESTIONS: { question: string; answer: string }[] = [
  {
    question: "Can I change plans at any time?",
    answer:
      "Yes. Choosing the other paid plan changes your subscription straight away, and the price difference for the " +
      "rest of the billing period is prorated. Upgrading from Free starts a monthly subscription once your card payment " +
      "goes through.",
  },
  {
    question: "What happens to my data if I cancel or downgrade?",
    answer:
      "Nothing is deleted. A cancelled subscription keeps its plan until the end of the period you have paid for; then " +
      "your account moves to the Free plan. Your projects, transcripts and stories stay, and the Free limits apply to " +
      "new work: no new project beyond the first, 5 transcripts a month, and no new audio transcriptions or " +
      "integrations. Moving from Enterprise to Pro works the same way with Pro's limits.",
  },
  {
    question: "How are payments handled?",
    answer:
      "Card payments are processed by Stripe. Your card details go straight to Stripe from a secure form on this page " +
      "and never reach StoryLoom's servers. Plans renew monthly in pounds sterling.",
  },
  {
    question: "What if my payment does not go through?",
    answer:
      "Your plan shows as pending and the Free limits still apply. Use Complete Payment to try again, with another card " +
      "if needed; the plan activates as soon as the payment is confirmed.",
  },
  {
    question: "Who counts as a team member?",
    answer:
      "Everyone in your team, you included: Free is just you, Pro has room for 3 people and Enterprise for 5. Pending " +
      "invitations take a seat too.",
  },
];

/** The subscription screen's FAQ (docs/product-spec.md §2): native disclosure widgets, keyboard and screen-reader friendly. */
export function SubscriptionFaq() {
  return (
    <section aria-labelledby="subscription-faq-title" className="mt-12">
      <h2 id="subscription-faq-title" className="text-xl font-semibold tracking-tight text-ink">
        Frequently Asked Questions
      </h2>
      <div className="mt-4 divide-y divide-line rounded-xl border border-line bg-white">
        {QUESTIONS.map(({ question, answer }) => (
          <details key={question} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-medium text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
              {question}
              <ChevronDown
                className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                aria-hidden
              />
            </summary>
            <p className="px-5 pb-5 text-sm text-slate-700">{answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
