import { Button, Checkbox, Fieldset, Group, Input, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import { Link } from "react-router";
import { schemaValidator } from "~/components/forms/use-live-validation";
import { useT } from "~/i18n/i18n-context";
import { ChallengeSchema, LIMITS } from "~/schemas/company";
import { CHALLENGE_REASONS } from "~/schemas/enums";
import { Dialog } from "./Dialog";
import { DialogForm, useDialogForm } from "./DialogForm";

const FIELDS = ["reasons", "description"] as const;
/** The action parses the same schema; the dialog checks it as the user types. */
const validate = schemaValidator(ChallengeSchema, ["reasons"]);

/**
 * "Report an error" (spec §2, §5): signed-in users pick at least one reason and describe the
 * problem; anonymous visitors are asked to sign in first. Loaded with its first opening
 * (ChallengeButton, lazy-dialogs.tsx).
 */
export function ChallengeDialog({ opened, onClose, signedIn, loginHref }: { opened: boolean; onClose: () => void; signedIn: boolean; loginHref: string }) {
  const t = useT();
  return (
    <Dialog opened={opened} onClose={onClose} title={t("challenge.title")}>
      {signedIn ? (
        <ChallengeForm onDone={onClose} />
      ) : (
        <Stack data-testid="challenge-sign-in">
          <Text>{t("companyDetail.reportErrorSignIn")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("action.cancel")}
            </Button>
            <Button component={Link} to={loginHref}>
              {t("companyDetail.signIn")}
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}

function ChallengeForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const form = useDialogForm(FIELDS, "challenge.sent", onDone, validate);
  const reasonsError = form.error("reasons");

  return (
    <DialogForm form={form} hidden={{ intent: "challenge" }} submitLabel={t("challenge.submit")} testId="challenge-form">
      <Text>{t("challenge.intro")}</Text>
      <Fieldset legend={t("challenge.reasons")} variant="unstyled" aria-describedby={reasonsError ? "challenge-reasons-error" : undefined}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
          {CHALLENGE_REASONS.map((reason) => (
            <Checkbox key={reason} name="reasons" value={reason} label={t(`challengeReason.${reason}`)} />
          ))}
        </SimpleGrid>
        {reasonsError && (
          <Input.Error id="challenge-reasons-error" mt="xs">
            {reasonsError}
          </Input.Error>
        )}
      </Fieldset>
      <Textarea
        name="description"
        label={t("challenge.description")}
        required
        autosize
        minRows={3}
        maxLength={LIMITS.challengeDescription}
        error={form.error("description")}
      />
    </DialogForm>
  );
}
