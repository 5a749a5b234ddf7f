import { Alert, Anchor, Badge, Button, Group, Image, Stack, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Link } from "react-router";
import { FormError } from "~/components/FormError";
import { useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";
import type { CompanyStatus } from "~/schemas/enums";
import { ChallengeButton } from "./ChallengeButton";
import { ConfirmDialog } from "./lazy-dialogs";
import { NewTabHint } from "./NewTabHint";
import { useDialogFetcher } from "./use-dialog-fetcher";

export interface HeaderCompany {
  id: string;
  name: string;
  website: string;
  logoKey: string | null;
  status: CompanyStatus;
}

export interface HeaderCan {
  edit: boolean;
  moderate: boolean;
  requestLink: boolean;
  fileChallenge: boolean;
}

/** Logo, name, status badge (members and admins only ever see a hidden profile), website and actions. */
export function CompanyHeader({ company, can, signedIn, loginHref }: { company: HeaderCompany; can: HeaderCan; signedIn: boolean; loginHref: string }) {
  const t = useT();
  const locale = useLocale();
  const hidden = company.status !== "VERIFIED";
  return (
    <Stack gap="md">
      <Group align="center" gap="lg" wrap="nowrap">
        {company.logoKey && (
          <Image src={`/files/${company.logoKey}`} alt={company.name} w={112} h={112} fit="contain" radius="sm" style={{ flexShrink: 0 }} data-testid="company-logo" />
        )}
        <Stack gap={6} miw={0}>
          <Group gap="sm">
            <Title order={1} className="hyphenate">
              {company.name}
            </Title>
            {hidden && (
              <Badge
                color={company.status === "DEACTIVATED" ? "red.9" : "yellow.9"}
                // White on yellow is below 4.5:1 (axe); near-black text reads on it.
                c={company.status === "DEACTIVATED" ? undefined : "#1a1a1a"}
                variant="filled"
                data-testid="company-status"
              >
                {t(company.status === "DEACTIVATED" ? "companyDetail.status.DEACTIVATED" : "companyDetail.status.PENDING")}
              </Badge>
            )}
          </Group>
          <Anchor href={company.website} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: "anywhere" }} data-testid="company-website">
            {company.website.replace(/^https?:\/\//, "").replace(/\/$/, "")} <NewTabHint />
          </Anchor>
        </Stack>
      </Group>
      {hidden && (
        <Alert color={company.status === "DEACTIVATED" ? "red" : "yellow"} variant="light">
          {t(company.status === "DEACTIVATED" ? "companyDetail.statusHint.DEACTIVATED" : "companyDetail.statusHint.PENDING")}
        </Alert>
      )}
      <Group gap="sm">
        {can.edit && (
          <Button component={Link} to={href("companyEdit", locale, { id: company.id })} data-testid="edit-company">
            {t("companyDetail.editProfile")}
          </Button>
        )}
        {can.requestLink && <RequestLinkButton />}
        {(can.fileChallenge || !signedIn) && <ChallengeButton signedIn={signedIn} loginHref={loginHref} />}
      </Group>
      {can.moderate && <ModerationButtons status={company.status} />}
    </Stack>
  );
}

function RequestLinkButton() {
  const t = useT();
  const { fetcher, failure, busy } = useDialogFetcher("companyDetail.linkRequested");
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="requestLink" />
      <Group gap="xs">
        <Button type="submit" variant="light" loading={busy} data-testid="request-link">
          {t("companyDetail.requestLink")}
        </Button>
        <FormError code={failure?.error} />
      </Group>
    </fetcher.Form>
  );
}

/** Admins: verify a pending or deactivated profile; deactivate a pending or verified one (confirmed). */
function ModerationButtons({ status }: { status: CompanyStatus }) {
  const t = useT();
  const verify = useDialogFetcher("companyDetail.verified");
  const [confirmOpen, confirm] = useDisclosure(false);
  return (
    <Group gap="sm" role="group" aria-label={t("companyDetail.moderation")} data-testid="moderation">
      {status !== "VERIFIED" && (
        <verify.fetcher.Form method="post">
          <input type="hidden" name="intent" value="verify" />
          <Button type="submit" color="green.9" loading={verify.busy} data-testid="verify-company">
            {t("companyDetail.verify")}
          </Button>
        </verify.fetcher.Form>
      )}
      {status !== "DEACTIVATED" && (
        <Button variant="outline" color="red.9" onClick={confirm.open} data-testid="deactivate-company">
          {t("companyDetail.deactivate")}
        </Button>
      )}
      <FormError code={verify.failure?.error} />
      <ConfirmDialog
        opened={confirmOpen}
        onClose={confirm.close}
        title={t("companyDetail.deactivate")}
        text={t("companyDetail.deactivateConfirm")}
        confirmLabel={t("companyDetail.deactivate")}
        fields={{ intent: "deactivate" }}
        successMessage="companyDetail.deactivated"
      />
    </Group>
  );
}
