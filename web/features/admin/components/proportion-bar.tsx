import { Bar, BarChart, XAxis, YAxis } from "recharts";

// recharts is imported only under web/features/admin, so it ships in the /admin route's chunk alone.

const TRACK_FILL = "#f1f5f9"; // slate-100

/**
 * A thin horizontal bar showing `value` as a share of `total`. Decorative: the caller prints the figures as text
 * beside it, so the chart is hidden from assistive technology and left out of the tab order.
 */
export function ProportionBar({
  value,
  total,
  color,
  trackColor = TRACK_FILL,
  height = 10,
}: {
  value: number;
  total: number;
  color: string;
  /** The rest of the bar (the share that is not `value`). */
  trackColor?: string;
  height?: number;
}) {
  return (
    <div aria-hidden className="w-full">
      <BarChart
        layout="vertical"
        data={[{ value }]}
        responsive
        style={{ width: "100%", height }}
        margin={{ top: 0, right: 0, bottom: 0, left: 0 }}
        barCategoryGap={0}
        accessibilityLayer={false}
        tabIndex={-1}
      >
        <XAxis type="number" hide domain={[0, Math.max(total, 1)]} allowDataOverflow />
        <YAxis type="category" hide />
        <Bar
          dataKey="value"
          fill={color}
          radius={height / 2}
          background={{ fill: trackColor, radius: height / 2 }}
          isAnimationActive={false}
        />
      </BarChart>
    </div>
  );
}
