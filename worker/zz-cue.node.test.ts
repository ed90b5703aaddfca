import { test } from "vitest";
import { itemsOf, loadLanguage } from "./reading";
await loadLanguage();
test("c", () => {
  for (const t of [
    "Kai: The problem is that with forty stops I have to type every postcode again.",
    "Kai: The problem is that drivers have to type every postcode again.",
    "Kai: The big problem with the old app is you have to re-enter the whole route every morning.",
    "Kai: The worst part is that dispatchers have to phone every driver to confirm the route.",
    "Kai: It's a nightmare, I have to copy every order into the spreadsheet by hand.",
  ]) console.log("K", itemsOf(t).map((x) => x.kind).join(","), "|", t);
});
