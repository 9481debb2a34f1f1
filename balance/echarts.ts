/**
 * ECharts with exactly the charts and components the balance charts use (./charts.ts), registered
 * once: the Node side draws them to SVG strings (./svg.ts), the studio's Balance view into the page.
 */
import * as echarts from "echarts/core";
import { BarChart, BoxplotChart, HeatmapChart } from "echarts/charts";
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, VisualMapComponent } from "echarts/components";
import { SVGRenderer } from "echarts/renderers";

echarts.use([BarChart, BoxplotChart, HeatmapChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, VisualMapComponent, SVGRenderer]);

export { echarts };
