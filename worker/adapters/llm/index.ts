// Story generation behind one interface. Implementations: local (embedded, ./local), OpenAI (./openai),
// Workers AI (./workers-ai), and a fake for tests (./fake). deps.ts chooses one from the configuration.
export type { EpicWriter, StoryGenerator } from "./types";
