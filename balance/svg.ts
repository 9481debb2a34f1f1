/**
 * A chart drawn to an SVG string by ECharts' server-side renderer (no DOM, no browser): what the
 * HTML report inlines, so it needs no script and no network to show its charts.
 */
import { echarts } from "./echarts.ts";
import type { ChartSpec } from "./charts.ts";

export function chartSvg(chart: ChartSpec): string {
  const instance = echarts.init(null, null, { renderer: "svg", ssr: true, width: chart.width, height: chart.height });
  try {
    instance.setOption(chart.option);
    return stableNames(instance.renderToSVGString(), chart.id);
  } finally {
    instance.dispose();
  }
}

/**
 * ECharts names an SVG's classes, clip paths and gradients after a counter of the process
 * (`zr7-cls-21`), so the same chart drawn twice differs. Renamed after the chart, numbered in order
 * of first use: the same report gives the same page, and two charts of a page never share a name.
 */
export function stableNames(svg: string, chartId: string): string {
  const names = new Map<string, string>();
  return svg.replace(/\bzr\d+-(cls-|[a-z]+)\d+\b/g, (name, kind: string) => {
    let renamed = names.get(name);
    if (!renamed) names.set(name, (renamed = `${chartId}-${kind.replace(/-$/, "")}${names.size}`));
    return renamed;
  });
}
