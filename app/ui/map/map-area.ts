/** The part of the world the built-in map shows: Phuket island and the water around it. */
export const MAP_AREA = { west: 98.1, south: 7.62, east: 98.62, north: 8.24 } as const;

/** Where the maps open: the middle of the west coast, wide enough for the whole island. */
export const MAP_CENTER: [longitude: number, latitude: number] = [98.34, 7.93];
