import type { ReactNode } from "react";
import { PageContainer } from "./page";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Long-form legal text: a readable measure, numbered headings and a table of contents. */
export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <PageContainer className="max-w-3xl">
      <title>{`${title} · StoryLoom`}</title>
      <article>
        <header className="border-b border-line pb-8">
          <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
          <p className="mt-3 text-sm text-muted">Last updated: {updated}</p>
          <div className="mt-6 space-y-4 text-base leading-relaxed text-slate-700">{intro}</div>
        </header>
        <nav aria-label="Contents" className="mt-8 rounded-xl border border-line bg-white p-5">
          <h2 className="text-sm font-semibold text-ink">Contents</h2>
          <ol className="mt-3 grid list-decimal gap-1.5 pl-5 text-sm text-brand-700 sm:grid-cols-2">
            {sections.map((section) => (
              <li key={section.id}>
                <a className="underline-offset-2 hover:underline" href={`#${section.id}`}>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section key={section.id} aria-labelledby={section.id} className="mt-10 scroll-mt-24">
            <h2 id={section.id} className="text-xl font-semibold tracking-tight text-ink">
              {index + 1}. {section.title}
            </h2>
            <div className="legal-body mt-4 space-y-4 text-base leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-ink [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
              {section.body}
            </div>
          </section>
        ))}
      </article>
    </PageContainer>
  );
}
