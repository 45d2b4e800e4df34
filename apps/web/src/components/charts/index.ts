export { EChart, type EChartClick, type EChartProps } from './echart';
export { ChartOrTable, type ChartOrTableProps, type TableColumn } from './chart-or-table';
