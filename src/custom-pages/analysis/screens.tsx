import type { ComponentType } from 'react';

/**
 * The analysis screens (issue 4 API, issue 5 screens), by their path in the route table
 * (src/routes/route-table.ts). The shell (App.tsx) mounts each entry in place of the placeholder.
 */
export const analysisScreens: Record<string, ComponentType> = {};
