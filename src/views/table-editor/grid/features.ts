// The TanStack Table features the grid registers (column sizing and resizing); shared by the grid and its header.
import { columnResizingFeature, columnSizingFeature, tableFeatures } from '@tanstack/react-table';

export const gridFeatures = tableFeatures({ columnSizingFeature, columnResizingFeature });
export type GridFeatures = typeof gridFeatures;
