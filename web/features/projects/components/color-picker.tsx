import { Check } from "lucide-react";
import { RadioGroup } from "radix-ui";
import { PROJECT_COLORS } from "../../../../schema/api/project-colors";
import { PROJECT_COLOR_NAMES } from "../../../shared/projects/model";

/** The eight palette colours (docs/product-spec.md §9) as a radio group: arrow keys move between swatches. */
export function ColorPicker({
  value,
  onChange,
  labelledBy,
  disabled,
}: {
  value: string;
  onChange: (color: string) => void;
  labelledBy: string;
  disabled?: boolean;
}) {
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={onChange}
      aria-labelledby={labelledBy}
      orientation="horizontal"
      loop
      disabled={disabled}
      className="flex flex-wrap gap-2.5"
    >
      {PROJECT_COLORS.map((color) => (
        <RadioGroup.Item
          key={color}
          value={color}
          aria-label={PROJECT_COLOR_NAMES[color]}
          title={PROJECT_COLOR_NAMES[color]}
          className="group inline-flex size-9 items-center justify-center rounded-full ring-1 ring-black/10 ring-inset transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=checked]:ring-2 data-[state=checked]:ring-white data-[state=checked]:outline-2 data-[state=checked]:outline-offset-1 data-[state=checked]:outline-slate-900"
          style={{ backgroundColor: color }}
        >
          <RadioGroup.Indicator>
            <Check className="size-4 text-white drop-shadow" strokeWidth={3} aria-hidden />
          </RadioGroup.Indicator>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
