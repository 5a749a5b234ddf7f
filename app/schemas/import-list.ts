import { z } from "zod";

/** Deleting an import from the list (decision 039). */
export const ImportDeleteSchema = z.object({ id: z.uuid("NOT_FOUND") });
