// Transcript fixtures for the tests, loaded as text through Vite (workerd has no file system to read them from).
// Each is marked with its set (worker/test/fixtures/transcripts/split.json): rules of the generator are written while
// reading the tuning set only; the test set is what its quality figures count, so no test prints its stories.
import es2008bGold from "../fixtures/transcripts/ami/ES2008b.gold.json?raw";
import es2008b from "../fixtures/transcripts/ami/ES2008b.txt?raw";
import is1004bGold from "../fixtures/transcripts/ami/IS1004b.gold.json?raw";
import is1004b from "../fixtures/transcripts/ami/IS1004b.txt?raw";
import ts3004bGold from "../fixtures/transcripts/ami/TS3004b.gold.json?raw";
import ts3004b from "../fixtures/transcripts/ami/TS3004b.txt?raw";
import splitJson from "../fixtures/transcripts/split.json?raw";
import fieldServiceGold from "../fixtures/transcripts/synthetic/field-service-sprint-planning.gold.json?raw";
import fieldService from "../fixtures/transcripts/synthetic/field-service-sprint-planning.txt?raw";
import fitnessGold from "../fixtures/transcripts/synthetic/fitness-weekly-sync-offtopic.gold.json?raw";
import fitness from "../fixtures/transcripts/synthetic/fitness-weekly-sync-offtopic.txt?raw";
import invoiceGold from "../fixtures/transcripts/synthetic/invoice-approval-teams-review.gold.json?raw";
import invoice from "../fixtures/transcripts/synthetic/invoice-approval-teams-review.txt?raw";
import itAssetGold from "../fixtures/transcripts/synthetic/it-asset-tracker-slack-thread.gold.json?raw";
import itAsset from "../fixtures/transcripts/synthetic/it-asset-tracker-slack-thread.txt?raw";
import kitchenGold from "../fixtures/transcripts/synthetic/kitchen-display-pm-notes.gold.json?raw";
import kitchen from "../fixtures/transcripts/synthetic/kitchen-display-pm-notes.txt?raw";
import recipeGold from "../fixtures/transcripts/synthetic/recipe-shopping-list-slack-note.gold.json?raw";
import recipe from "../fixtures/transcripts/synthetic/recipe-shopping-list-slack-note.txt?raw";
import savingsGold from "../fixtures/transcripts/synthetic/savings-goals-zoom-kickoff.gold.json?raw";
import savings from "../fixtures/transcripts/synthetic/savings-goals-zoom-kickoff.txt?raw";
import ssoGold from "../fixtures/transcripts/synthetic/sso-audit-refinement.gold.json?raw";
import sso from "../fixtures/transcripts/synthetic/sso-audit-refinement.txt?raw";
import vetGold from "../fixtures/transcripts/synthetic/vet-booking-discovery-interview.gold.json?raw";
import vet from "../fixtures/transcripts/synthetic/vet-booking-discovery-interview.txt?raw";
import allotmentSocietyGold from "../fixtures/transcripts/tuning-2/allotment-society-discovery-interview.gold.json?raw";
import allotmentSociety from "../fixtures/transcripts/tuning-2/allotment-society-discovery-interview.txt?raw";
import breweryStockGold from "../fixtures/transcripts/tuning-2/brewery-stock-zoom-transcript.gold.json?raw";
import breweryStock from "../fixtures/transcripts/tuning-2/brewery-stock-zoom-transcript.txt?raw";
import dogWalkingGold from "../fixtures/transcripts/tuning-2/dog-walking-slack-thread.gold.json?raw";
import dogWalking from "../fixtures/transcripts/tuning-2/dog-walking-slack-thread.txt?raw";
import homeworkPortalGold from "../fixtures/transcripts/tuning-2/homework-portal-meet-transcript.gold.json?raw";
import homeworkPortal from "../fixtures/transcripts/tuning-2/homework-portal-meet-transcript.txt?raw";
import museumKioskGold from "../fixtures/transcripts/tuning-2/museum-kiosk-pm-notes.gold.json?raw";
import museumKiosk from "../fixtures/transcripts/tuning-2/museum-kiosk-pm-notes.txt?raw";
import potholeReportingGold from "../fixtures/transcripts/tuning-2/pothole-reporting-teams-webvtt.gold.json?raw";
import potholeReporting from "../fixtures/transcripts/tuning-2/pothole-reporting-teams-webvtt.txt?raw";
import amiES2013cGold from "../fixtures/transcripts/tuning-3/ami-ES2013c.gold.json?raw";
import amiES2013c from "../fixtures/transcripts/tuning-3/ami-ES2013c.txt?raw";
import amiIS1001bGold from "../fixtures/transcripts/tuning-3/ami-IS1001b.gold.json?raw";
import amiIS1001b from "../fixtures/transcripts/tuning-3/ami-IS1001b.txt?raw";
import amiIS1007bGold from "../fixtures/transcripts/tuning-3/ami-IS1007b.gold.json?raw";
import amiIS1007b from "../fixtures/transcripts/tuning-3/ami-IS1007b.txt?raw";
import npmOpenRfc20210811Gold from "../fixtures/transcripts/tuning-3/npm-open-rfc-2021-08-11.gold.json?raw";
import npmOpenRfc20210811 from "../fixtures/transcripts/tuning-3/npm-open-rfc-2021-08-11.txt?raw";
import npmOpenRfc20220615Gold from "../fixtures/transcripts/tuning-3/npm-open-rfc-2022-06-15.gold.json?raw";
import npmOpenRfc20220615 from "../fixtures/transcripts/tuning-3/npm-open-rfc-2022-06-15.txt?raw";
import wecgMinutes20251120Gold from "../fixtures/transcripts/tuning-3/wecg-minutes-2025-11-20.gold.json?raw";
import wecgMinutes20251120 from "../fixtures/transcripts/tuning-3/wecg-minutes-2025-11-20.txt?raw";
import wecgMinutes20260115Gold from "../fixtures/transcripts/tuning-3/wecg-minutes-2026-01-15.gold.json?raw";
import wecgMinutes20260115 from "../fixtures/transcripts/tuning-3/wecg-minutes-2026-01-15.txt?raw";
import wecgMinutes20260423Gold from "../fixtures/transcripts/tuning-3/wecg-minutes-2026-04-23.gold.json?raw";
import wecgMinutes20260423 from "../fixtures/transcripts/tuning-3/wecg-minutes-2026-04-23.txt?raw";
import clinicRotaGold from "../fixtures/transcripts/written/clinic-rota-srt.gold.json?raw";
import clinicRota from "../fixtures/transcripts/written/clinic-rota-srt.txt?raw";
import eventTicketingGold from "../fixtures/transcripts/written/event-ticketing-pm-notes.gold.json?raw";
import eventTicketing from "../fixtures/transcripts/written/event-ticketing-pm-notes.txt?raw";
import libraryAppGold from "../fixtures/transcripts/written/library-app-slack-thread.gold.json?raw";
import libraryApp from "../fixtures/transcripts/written/library-app-slack-thread.txt?raw";
import tutoringGold from "../fixtures/transcripts/written/tutoring-discovery-interview.gold.json?raw";
import tutoring from "../fixtures/transcripts/written/tutoring-discovery-interview.txt?raw";
import ircMinutesGold from "../fixtures/transcripts/written/w3c-style-irc-minutes.gold.json?raw";
import ircMinutes from "../fixtures/transcripts/written/w3c-style-irc-minutes.txt?raw";
import warehouseReturnsGold from "../fixtures/transcripts/written/warehouse-returns-teams-webvtt.gold.json?raw";
import warehouseReturns from "../fixtures/transcripts/written/warehouse-returns-teams-webvtt.txt?raw";
import type { GoldFile } from "./quality";

export type FixtureSet = "tuning" | "test";

export interface Fixture {
  name: string;
  set: FixtureSet;
  transcript: string;
  gold: GoldFile;
}

const fixture = (name: string, set: FixtureSet, transcript: string, gold: string): Fixture => ({
  name,
  set,
  transcript,
  gold: JSON.parse(gold) as GoldFile,
});

/** The split as written down in split.json (a test checks that the sets below agree with it). */
export const SPLIT = JSON.parse(splitJson) as Record<FixtureSet, string[]>;

/** Every fixture, tuning and test. */
export const ALL_FIXTURES: Fixture[] = [
  fixture("ami/ES2008b", "tuning", es2008b, es2008bGold),
  fixture("ami/IS1004b", "tuning", is1004b, is1004bGold),
  fixture("ami/TS3004b", "tuning", ts3004b, ts3004bGold),
  fixture("synthetic/fitness-weekly-sync-offtopic", "tuning", fitness, fitnessGold),
  fixture("synthetic/recipe-shopping-list-slack-note", "tuning", recipe, recipeGold),
  fixture("synthetic/savings-goals-zoom-kickoff", "tuning", savings, savingsGold),
  fixture("synthetic/sso-audit-refinement", "tuning", sso, ssoGold),
  fixture("written/clinic-rota-srt", "tuning", clinicRota, clinicRotaGold),
  fixture("written/event-ticketing-pm-notes", "tuning", eventTicketing, eventTicketingGold),
  fixture("written/library-app-slack-thread", "tuning", libraryApp, libraryAppGold),
  fixture("written/tutoring-discovery-interview", "tuning", tutoring, tutoringGold),
  fixture("written/w3c-style-irc-minutes", "tuning", ircMinutes, ircMinutesGold),
  fixture("written/warehouse-returns-teams-webvtt", "tuning", warehouseReturns, warehouseReturnsGold),
  fixture("tuning-2/allotment-society-discovery-interview", "tuning", allotmentSociety, allotmentSocietyGold),
  fixture("tuning-2/brewery-stock-zoom-transcript", "tuning", breweryStock, breweryStockGold),
  fixture("tuning-2/dog-walking-slack-thread", "tuning", dogWalking, dogWalkingGold),
  fixture("tuning-2/homework-portal-meet-transcript", "tuning", homeworkPortal, homeworkPortalGold),
  fixture("tuning-2/museum-kiosk-pm-notes", "tuning", museumKiosk, museumKioskGold),
  fixture("tuning-2/pothole-reporting-teams-webvtt", "tuning", potholeReporting, potholeReportingGold),
  fixture("tuning-3/ami-ES2013c", "tuning", amiES2013c, amiES2013cGold),
  fixture("tuning-3/ami-IS1001b", "tuning", amiIS1001b, amiIS1001bGold),
  fixture("tuning-3/ami-IS1007b", "tuning", amiIS1007b, amiIS1007bGold),
  fixture("tuning-3/npm-open-rfc-2021-08-11", "tuning", npmOpenRfc20210811, npmOpenRfc20210811Gold),
  fixture("tuning-3/npm-open-rfc-2022-06-15", "tuning", npmOpenRfc20220615, npmOpenRfc20220615Gold),
  fixture("tuning-3/wecg-minutes-2025-11-20", "tuning", wecgMinutes20251120, wecgMinutes20251120Gold),
  fixture("tuning-3/wecg-minutes-2026-01-15", "tuning", wecgMinutes20260115, wecgMinutes20260115Gold),
  fixture("tuning-3/wecg-minutes-2026-04-23", "tuning", wecgMinutes20260423, wecgMinutes20260423Gold),
  fixture("synthetic/field-service-sprint-planning", "test", fieldService, fieldServiceGold),
  fixture("synthetic/invoice-approval-teams-review", "test", invoice, invoiceGold),
  fixture("synthetic/it-asset-tracker-slack-thread", "test", itAsset, itAssetGold),
  fixture("synthetic/kitchen-display-pm-notes", "test", kitchen, kitchenGold),
  fixture("synthetic/vet-booking-discovery-interview", "test", vet, vetGold),
];

/**
 * The tuning set: the fixtures tests of the generator's rules may look at (and, as before, what `FIXTURES` means).
 * Checks that hold for any input (verbatim offsets, schema, determinism) may run over ALL_FIXTURES.
 */
export const FIXTURES: Fixture[] = ALL_FIXTURES.filter((f) => f.set === "tuning");

/** The test set: only its metrics are ever reported. */
export const TEST_FIXTURES: Fixture[] = ALL_FIXTURES.filter((f) => f.set === "test");
