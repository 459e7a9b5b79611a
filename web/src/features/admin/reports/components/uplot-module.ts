/** uPlot with its styles: the Reports page's chart library, in a chunk of its own (trend-chart.tsx imports it when it draws). */
import 'uplot/dist/uPlot.min.css';

export { default } from 'uplot';
