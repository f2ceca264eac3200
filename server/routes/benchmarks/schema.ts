import { z } from 'zod';

export const benchmarksQuery = z.object({ datasetId: z.uuid().optional() });
