import type { EpicChoice } from "../../../schema/api/integrations";
import { SelectItem } from "../../components/ui/select";

/** A tracker's open epics as options of an Epic select ("SL-4: Checkout"): the review's and the settings' Epic dialog. */
export function EpicItems({ epics }: { epics: readonly EpicChoice[] }) {
  return epics.map((choice) => (
    <SelectItem key={choice.key} value={choice.key}>
      {choice.key}: {choice.title}
    </SelectItem>
  ));
}
