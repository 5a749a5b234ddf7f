import { z } from "zod";
import { hasAnyControl, requiredLine, singleLine } from "./text";

/**
 * Form schemas shared by the pages (client checks) and the actions (server parse).
 * Issue messages are error codes, translated by the UI.
 */
export const NAME_MAX = 120;
export const EMAIL_MAX = 254;

export const EmailSchema = singleLine().trim().toLowerCase().max(EMAIL_MAX, "EMAIL_INVALID").pipe(z.email("EMAIL_INVALID"));

export const NameSchema = requiredLine(NAME_MAX, "NAME_REQUIRED", "INVALID_INPUT");

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

/**
 * Where to go after signing in: checked when the form is parsed, before a code is consumed. A
 * foreign or odd target falls back to the account page (safeRedirectTarget); a control or line
 * separator character is a malformed request (it could never be a valid Location header).
 */
export const RedirectToSchema = z
  .string()
  .max(2000, "INVALID_INPUT")
  .refine((v) => !hasAnyControl(v), "INVALID_INPUT")
  .optional();

export const RequestCodeSchema = z.object({ email: EmailSchema, redirectTo: RedirectToSchema });

export const VerifyCodeSchema = z.object({
  email: EmailSchema,
  redirectTo: RedirectToSchema,
  code: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "CODE_INVALID")),
});

export const UpdateNameSchema = z.object({ name: NameSchema });

export const VerifyTokenSchema = z.object({ token: z.string().min(10, "VERIFICATION_TOKEN_NOT_FOUND").max(200, "VERIFICATION_TOKEN_NOT_FOUND") });
