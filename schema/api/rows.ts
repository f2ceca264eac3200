import { z } from 'zod';

// GET /datasets/:id/rows: the stored rows in upload order, a page at a time. On SQLite the server writes this
// reply as text around each row's stored JSON (server/routes/datasets/present.ts), so the replies test checks
// that text against this schema too. A row holds no name or email (those live in the identities store).

const text = z.string().nullable();

export const storedRow = z
  .object({
    rowNo: z.number().int().min(0),
    employeeId: z.string(),
    managerEmployeeId: text,
    title: z.string(),
    salary: z.number().nullable(),
    fte: z.number().nullable(),
    location: text,
    division: text,
    organisation: text,
    grade: text,
    group: text,
    /** Client groupings, by the heading the list gave them. */
    attributes: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).nullable(),
  })
  .meta({ id: 'StoredRow' });
export type StoredRowReply = z.infer<typeof storedRow>;

export const rowsPageReply = z.object({ rows: z.array(storedRow), offset: z.number().int().min(0), limit: z.number().int().min(1) });
