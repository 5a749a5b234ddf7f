import { Anchor, Badge, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { FormError } from "~/components/FormError";
import type { DeletionImpact } from "~/schemas/company-deletion";
import { DeletionImpactList } from "./DeletionImpactList";
import { useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";

export interface MyCompany {
  id: string;
  name: string;
  status: string;
  /** What deleting it takes away (decision 026). */
  impact: DeletionImpact;
}

/**
 * The user's company profiles, each with a link and a delete behind a name confirmation; the
 * dialog first says what goes with the profile, with counts.
 */
export function MyCompaniesCard({ companies, restoreDays, error, busy }: { companies: MyCompany[]; restoreDays: number; error?: string; busy: boolean }) {
  const t = useT();
  const locale = useLocale();
  const [target, setTarget] = useState<MyCompany | null>(null);
  const [lastFailed, setLastFailed] = useState<MyCompany | null>(null);
  useEffect(() => {
    if (error && lastFailed) setTarget(lastFailed);
  }, [error, lastFailed]);

  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("account.companies.title")}
        </Title>
        {companies.length === 0 && (
          <Text>
            {t("account.companies.none")}{" "}
            <Anchor component={Link} to={href("companyCreate", locale)} underline="always">
              {t("page.companyCreate.title")}
            </Anchor>{" "}
            ·{" "}
            <Anchor component={Link} to={href("companyLink", locale)} underline="always">
              {t("page.companyLink.title")}
            </Anchor>
          </Text>
        )}
        {companies.map((company) => (
          <Group key={company.id} justify="space-between" data-testid="my-company">
            <Group gap="xs">
              <Anchor component={Link} to={href("companyDetail", locale, { id: company.id })}>
                {company.name}
              </Anchor>
              {company.status !== "VERIFIED" && <Badge variant="light">{t(company.status === "PENDING" ? "account.companies.pending" : "account.companies.deactivated")}</Badge>}
            </Group>
            <Button size="compact-sm" variant="outline" color="var(--mantine-color-error)" onClick={() => setTarget(company)}>
              {t("account.companies.delete")}
            </Button>
          </Group>
        ))}
      </Stack>
      <Modal opened={target !== null} onClose={() => setTarget(null)} title={t("account.companies.deleteTitle")}>
        {target && (
          <Form method="post" onSubmit={() => setLastFailed(target)}>
            <Stack>
              <input type="hidden" name="intent" value="deleteCompany" />
              <input type="hidden" name="companyId" value={target.id} />
              <Text>{t("account.companies.deleteText", { name: target.name })}</Text>
              <DeletionImpactList impact={target.impact} restoreDays={restoreDays} />
              <Text>{t("account.companies.deleteConfirmHint")}</Text>
              <TextInput name="confirmName" label={t("account.companies.deleteConfirmLabel")} autoComplete="off" required data-autofocus />
              <FormError code={error} />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setTarget(null)}>
                  {t("action.cancel")}
                </Button>
                <Button type="submit" color="red.9" loading={busy} data-testid="confirm-delete-company">
                  {t("account.companies.deleteConfirmButton")}
                </Button>
              </Group>
            </Stack>
          </Form>
        )}
      </Modal>
    </Paper>
  );
}
