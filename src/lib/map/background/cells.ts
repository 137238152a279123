import type { Rect } from './clip.ts';

/** The detailed band is cut into square cells this many degrees wide. */
export const CELL_DEGREES = 10;
/** Each cell's land reaches this far (degrees) into its neighbours, so the fills overlap and no seam shows between cells. */
export const CELL_MARGIN = 0.02;

/** A cell's file name: its west and south edges in degrees ('30_50' holds lon 30–40, lat 50–60). */
export const cellName = (x: number, y: number) => `${x * CELL_DEGREES}_${y * CELL_DEGREES}`;

/** The box a cell's shapes are cut to: the cell and its margin. */
export function cellBox(x: number, y: number): Rect {
  return { west: x * CELL_DEGREES - CELL_MARGIN, south: y * CELL_DEGREES - CELL_MARGIN, east: (x + 1) * CELL_DEGREES + CELL_MARGIN, north: (y + 1) * CELL_DEGREES + CELL_MARGIN };
}

/** Names of the cells a view (degrees; east may pass 180°) touches. */
export function cellsInView(view: Rect): string[] {
  const names: string[] = [];
  for (let x = Math.floor(view.west / CELL_DEGREES); x * CELL_DEGREES < view.east; x++) {
    for (let y = Math.floor(Math.max(-90, view.south) / CELL_DEGREES); y * CELL_DEGREES < Math.min(90, view.north); y++) names.push(cellName(x, y));
  }
  return names;
}
