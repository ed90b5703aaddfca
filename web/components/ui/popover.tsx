import { Popover as PopoverPrimitive } from "radix-ui";
import type { ComponentPropsWithRef } from "react";
import { cn } from "../../lib/cn";

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverClose = PopoverPrimitive.Close;

/** A floating panel anchored to its trigger; focus moves into it on open and back to the trigger on close. */
export function PopoverContent({
  className,
  sideOffset = 8,
  align = "end",
  ...props
}: ComponentPropsWithRef<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        sideOffset={sideOffset}
        align={align}
        collisionPadding={8}
        className={cn(
          "z-50 w-[min(24rem,calc(100vw-1rem))] rounded-xl border border-line bg-white p-4 text-sm shadow-lg outline-none",
          "max-h-[var(--radix-popover-content-available-height)] overflow-y-auto",
          "data-[state=open]:animate-pop-in",
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
