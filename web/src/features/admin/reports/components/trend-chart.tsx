import type { SalesDayRow } from '@contract/admin-wire';
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { groupDigits, taka } from '../../../../lib/format';
import { dayLabel } from '../../kit/format';
import { shortDay } from '../format';

/** The chart's height in CSS pixels, reserved before the data arrives (no layout shift). */
const chartHeight = 240;

/** The lines of the trend: net and margin in taka on the left axis, orders on the right one. */
const lines = [
  { label: 'Net', color: ['--brand', '#f97316'], scale: 'taka', dash: undefined },
  { label: 'Margin', color: ['--ok', '#15803d'], scale: 'taka', dash: undefined },
  { label: 'Orders', color: ['--ink-soft', '#334155'], scale: 'orders', dash: [5, 4] },
] as const;

/** Tick steps in whole taka or whole orders: 1, 2, 5, 10, 20, 50, … (never ৳0.5). */
const wholeSteps = Array.from({ length: 10 }, (_, power) => [1, 2, 5].map((step) => step * 10 ** power)).flat();

/** A CSS custom property of the page, for the canvas (which cannot read CSS). */
const cssColor = (element: Element, [name, fallback]: readonly [string, string]) =>
  getComputedStyle(element).getPropertyValue(name).trim() || fallback;

/** A y axis as wide as its longest value (uPlot's own recipe), so that ৳1,25,000 is never cut at 360 px. */
const fitWidth: uPlot.Axis.Size = (self, values, axisIndex, cycle) => {
  const axis = self.axes[axisIndex]!;
  if (cycle > 1) return (axis as { _size?: number })._size ?? 40;
  const longest = (values ?? []).reduce((a, b) => (b.length > a.length ? b : a), '');
  self.ctx.font = (axis.font as unknown as string[])[0] ?? '12px sans-serif';
  return Math.ceil((axis.ticks?.size ?? 0) + (axis.gap ?? 0) + self.ctx.measureText(longest).width / devicePixelRatio) + 4;
};

function chartOptions(days: SalesDayRow[], width: number, element: Element): uPlot.Options {
  const font = `12px ${getComputedStyle(element).fontFamily || 'sans-serif'}`;
  const ink = cssColor(element, ['--ink-soft', '#334155']);
  const grid = { stroke: cssColor(element, ['--line', '#e2e8f0']), width: 1 };
  const dayOf = (index: number | null) => (index === null ? '' : (days[Math.round(index)]?.day ?? ''));
  return {
    width,
    height: chartHeight,
    // The x values are the days' indexes: one tick a whole day, labelled "24 Nov".
    scales: {
      x: { time: false, range: (_self, min, max) => (min === max ? [min - 1, max + 1] : [min, max]) },
      taka: { range: (_self, _min, max) => [0, max > 0 ? max * 1.1 : 100] },
      orders: { range: (_self, _min, max) => [0, max > 0 ? Math.ceil(max * 1.1) : 5] },
    },
    axes: [
      {
        font,
        stroke: ink,
        grid: { show: false },
        space: 56,
        incrs: [1, 2, 3, 7, 14, 30],
        values: (_self, splits) => splits.map((index) => (Number.isInteger(index) && days[index] ? shortDay(days[index].day) : '')),
      },
      {
        scale: 'taka',
        font,
        stroke: ink,
        grid,
        space: 36,
        size: fitWidth,
        incrs: wholeSteps,
        values: (_self, splits) => splits.map((value) => taka(value)),
      },
      {
        scale: 'orders',
        side: 1,
        font,
        stroke: ink,
        grid: { show: false },
        space: 36,
        size: fitWidth,
        incrs: wholeSteps,
        values: (_self, splits) => splits.map((value) => groupDigits(value)),
      },
    ],
    series: [
      { label: 'Day', value: (_self, index) => (dayOf(index) ? dayLabel(dayOf(index)) : '—') },
      ...lines.map((line) => ({
        label: line.label,
        scale: line.scale,
        stroke: cssColor(element, line.color),
        width: 2,
        dash: line.dash ? [...line.dash] : undefined,
        points: { show: days.length <= 31, size: 5 },
        value: (_self: uPlot, value: number | null) => (value === null ? '—' : line.scale === 'taka' ? taka(value) : groupDigits(value)),
      })),
    ],
    legend: { live: true },
    cursor: { drag: { x: false, y: false } },
  };
}

const chartData = (days: SalesDayRow[]): uPlot.AlignedData => [
  days.map((_day, index) => index),
  days.map((day) => day.totals.net),
  days.map((day) => day.totals.margin),
  days.map((day) => day.totals.orders),
];

/**
 * The range's trend, a point a Dhaka day: net sales and margin (taka, left) and orders (right),
 * drawn by uPlot on a canvas as wide as its box (it follows resizes). The canvas is an image with
 * a summary for screen readers; the numbers themselves are in the day table beside it.
 */
export function TrendChart({ days, summary }: { days: SalesDayRow[]; summary: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || days.length === 0) return;
    let chart: uPlot | undefined;
    let resized: ResizeObserver | undefined;
    let gone = false;
    // uPlot is a chunk of its own, fetched once the figures are on screen: the page never waits for it.
    void import('./uplot-module').then(({ default: UPlot }) => {
      if (gone) return;
      const drawn = new UPlot(chartOptions(days, element.clientWidth, element), chartData(days), element);
      chart = drawn;
      drawn.ctx.canvas.setAttribute('role', 'img');
      drawn.ctx.canvas.setAttribute('aria-label', summary);
      // The legend repeats, on hover, what the day table says.
      drawn.root.querySelector('.u-legend')?.setAttribute('aria-hidden', 'true');
      resized = new ResizeObserver(([entry]) => {
        const width = Math.floor(entry?.contentRect.width ?? 0);
        if (width > 0 && width !== drawn.width) drawn.setSize({ width, height: chartHeight });
      });
      resized.observe(element);
    });
    return () => {
      gone = true;
      resized?.disconnect();
      chart?.destroy();
    };
  }, [days, summary]);
  return <div ref={box} className="report-chart" data-report-chart="" />;
}
