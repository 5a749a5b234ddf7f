import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Form, Link, useNavigation } from "react-router";
import { FormError } from "~/components/FormError";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";

export interface RoleRequestView {
  role: "Admin" | "Organisation" | "Multiplikator";
  pendingSince: Date | string | null;
  lastDecision: { status: string } | null;
  hasCompany: boolean;
  can: { request: boolean };
}

/**
 * The role request of the account page (spec §2, §4): Organisation users with a linked company
 * ask for the Multiplikator role; the card shows a pending request or the last rejection.
 * Posts `intent=requestRole` to the account page's action.
 */
export function RoleRequestCard({ state, sent, error }: { state: RoleRequestView; sent: boolean; error: string | undefined }) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const navigation = useNavigation();
  const busy = navigation.formData?.get("intent") === "requestRole";
  if (state.role === "Admin") return null;

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="role-request-title" data-testid="role-request">
      <Stack gap="sm">
        <Title order={2} size="h3" id="role-request-title">
          {t("roleRequest.title")}
        </Title>
        {state.role === "Multiplikator" ? (
          <Text>{t("roleRequest.hasRole")}</Text>
        ) : (
          <>
            <Text>{t("roleRequest.explanation")}</Text>
            {sent && (
              <Alert color="green" role="status" data-testid="role-request-sent">
                {t("roleRequest.sent")}
              </Alert>
            )}
            {state.pendingSince && !sent && (
              <Alert color="blue" data-testid="role-request-pending">
                {t("roleRequest.pending", { date: format.date(state.pendingSince) })}
              </Alert>
            )}
            {state.lastDecision?.status === "REJECTED" && !state.pendingSince && <Text data-testid="role-request-rejected">{t("roleRequest.rejected")}</Text>}
            {!state.hasCompany && !state.pendingSince && (
              <Text data-testid="role-request-needs-company">
                {t("roleRequest.needsCompany")}{" "}
                <Anchor component={Link} to={href("companyLink", locale)} underline="always">
                  {t("roleRequest.linkCompany")}
                </Anchor>
                {" · "}
                <Anchor component={Link} to={href("companyCreate", locale)} underline="always">
                  {t("links.createCompany")}
                </Anchor>
              </Text>
            )}
            <FormError code={error} />
            {state.can.request && (
              <Form method="post">
                <input type="hidden" name="intent" value="requestRole" />
                <Group>
                  <Button type="submit" loading={busy}>
                    {t("roleRequest.submit")}
                  </Button>
                </Group>
              </Form>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
