// Transcript fixtures for the tests, loaded as text through Vite (workerd has no file system to read them from).
import es2008bGold from "../../../test/fixtures/transcripts/ami/ES2008b.gold.json?raw";
import es2008b from "../../../test/fixtures/transcripts/ami/ES2008b.txt?raw";
import is1004bGold from "../../../test/fixtures/transcripts/ami/IS1004b.gold.json?raw";
import is1004b from "../../../test/fixtures/transcripts/ami/IS1004b.txt?raw";
import ts3004bGold from "../../../test/fixtures/transcripts/ami/TS3004b.gold.json?raw";
import ts3004b from "../../../test/fixtures/transcripts/ami/TS3004b.txt?raw";
import fitnessGold from "../../../test/fixtures/transcripts/synthetic/fitness-weekly-sync-offtopic.gold.json?raw";
import fitness from "../../../test/fixtures/transcripts/synthetic/fitness-weekly-sync-offtopic.txt?raw";
import recipeGold from "../../../test/fixtures/transcripts/synthetic/recipe-shopping-list-slack-note.gold.json?raw";
import recipe from "../../../test/fixtures/transcripts/synthetic/recipe-shopping-list-slack-note.txt?raw";
import savingsGold from "../../../test/fixtures/transcripts/synthetic/savings-goals-zoom-kickoff.gold.json?raw";
import savings from "../../../test/fixtures/transcripts/synthetic/savings-goals-zoom-kickoff.txt?raw";
import ssoGold from "../../../test/fixtures/transcripts/synthetic/sso-audit-refinement.gold.json?raw";
import sso from "../../../test/fixtures/transcripts/synthetic/sso-audit-refinement.txt?raw";
import type { GoldFile } from "./quality";

export interface Fixture {
  name: string;
  transcript: string;
  gold: GoldFile;
}

const fixture = (name: string, transcript: string, gold: string): Fixture => ({ name, transcript, gold: JSON.parse(gold) as GoldFile });

export const FIXTURES: Fixture[] = [
  fixture("ami/ES2008b", es2008b, es2008bGold),
  fixture("ami/IS1004b", is1004b, is1004bGold),
  fixture("ami/TS3004b", ts3004b, ts3004bGold),
  fixture("synthetic/fitness-weekly-sync-offtopic", fitness, fitnessGold),
  fixture("synthetic/recipe-shopping-list-slack-note", recipe, recipeGold),
  fixture("synthetic/savings-goals-zoom-kickoff", savings, savingsGold),
  fixture("synthetic/sso-audit-refinement", sso, ssoGold),
];
