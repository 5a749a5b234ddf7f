import { z } from "zod";

/**
 * Form schemas shared by the pages (client checks) and the actions (server parse).
 * Issue messages are error codes, translated by the UI.
 */
export const NAME_MAX = 120;
export const EMAIL_MAX = 254;

export const EmailSchema = z.string().trim().toLowerCase().max(EMAIL_MAX, "EMAIL_INVALID").pipe(z.email("EMAIL_INVALID"));

export const NameSchema = z.string().trim().min(1, "NAME_REQUIRED").max(NAME_MAX, "INVALID_INPUT");

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.boolean()])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

export const SignupSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  acceptTerms: checkbox.refine((v) => v, "CONSENT_REQUIRED"),
  acceptPrivacy: checkbox.refine((v) => v, "CONSENT_REQUIRED"),
});
export type SignupInput = z.infer<typeof SignupSchema>;

export const RequestCodeSchema = z.object({ email: EmailSchema });

export const VerifyCodeSchema = z.object({
  email: EmailSchema,
  code: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "CODE_INVALID")),
});

export const UpdateNameSchema = z.object({ name: NameSchema });

export const VerifyTokenSchema = z.object({ token: z.string().min(10, "VERIFICATION_TOKEN_NOT_FOUND").max(200, "VERIFICATION_TOKEN_NOT_FOUND") });
