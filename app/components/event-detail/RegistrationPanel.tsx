import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "~/components/company-detail/lazy-dialogs";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import type { MessageKey } from "~/i18n/translate";
import { href } from "~/routing/paths";
import type { RegistrationState } from "~/schemas/event-state";

export interface RegistrationPanelProps {
  eventId: string;
  state: RegistrationState;
  external: boolean;
  externalUrl: string | null;
  closesAt: string;
  maxParticipants: number | null;
  counts: { taken: number; waiting: number };
  signedIn: boolean;
  canRegister: boolean;
  hasVerifiedCompany: boolean;
  own: { id: string; status: string; companyName: string; canCancel: boolean } | null;
  loginHref: string;
  /** B2B matching is open and the viewer's company takes part: the link to its wishes. */
  preferencesHref?: string | null;
}

// Dark fills keep white text readable in both themes (as on the event cards).
const STATE_COLOR: Record<RegistrationState, string> = {
  NOT_OPEN: "gray.7",
  OPEN: "#1b5e20",
  FULL: "#8a3c00",
  CLOSED: "gray.7",
  B2B_MATCHING: "#5f3dc4",
  OVER: "gray.7",
};

/** The registration state with its matching action, and the user's own registration with cancel. */
export function RegistrationPanel(p: RegistrationPanelProps) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const [confirming, setConfirming] = useState(false);
  const open = p.state === "OPEN" || p.state === "FULL";
  const registerHref = href("eventRegister", locale, { id: p.eventId });

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="event-registration-title" data-testid="event-registration">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id="event-registration-title">
            {t("eventDetail.registration.title")}
          </Title>
          <Badge color={STATE_COLOR[p.state]} size="lg" data-testid="event-state" data-state={p.state}>
            {t(`eventDetail.state.${p.state}` as MessageKey)}
          </Badge>
        </Group>
        <Text size="sm">{t(`eventDetail.stateHint.${p.state}` as MessageKey, { date: format.dateTime(p.closesAt) })}</Text>
        {!p.external && p.maxParticipants !== null && (
          <Text size="sm" data-testid="event-places">
            {t("eventDetail.places", { taken: p.counts.taken, max: p.maxParticipants, waiting: p.counts.waiting })}
          </Text>
        )}

        {p.state === "B2B_MATCHING" && p.preferencesHref && (
          <Group gap="sm" wrap="wrap">
            <Button component={Link} to={p.preferencesHref} color="#5f3dc4" data-testid="event-b2b-preferences">
              {t("eventDetail.b2bPreferences")}
            </Button>
            <Text size="sm">{t("eventDetail.b2bPreferencesHint")}</Text>
          </Group>
        )}
        {p.own ? (
          <Alert color={p.own.status === "WAITING" ? "orange" : "green"} data-testid="event-own-registration" data-status={p.own.status}>
            <Stack gap="xs">
              <Text size="sm">{t(p.own.status === "WAITING" ? "eventDetail.own.waiting" : "eventDetail.own.registered", { company: p.own.companyName })}</Text>
              {p.own.canCancel && (
                <Group>
                  <Button variant="default" color="red" onClick={() => setConfirming(true)} data-testid="event-cancel">
                    {t("eventDetail.own.cancel")}
                  </Button>
                </Group>
              )}
            </Stack>
          </Alert>
        ) : p.external ? (
          open &&
          p.externalUrl && (
            <Group>
              <Button component="a" href={p.externalUrl} target="_blank" rel="noopener noreferrer" data-testid="event-external">
                {t("eventDetail.external")}
              </Button>
            </Group>
          )
        ) : (
          open &&
          (!p.signedIn ? (
            <Text size="sm">
              <Anchor component={Link} to={p.loginHref} data-testid="event-login">
                {t("eventDetail.loginToRegister")}
              </Anchor>
            </Text>
          ) : p.hasVerifiedCompany ? (
            <Group>
              <Button component={Link} to={registerHref} data-testid="event-register">
                {t(p.state === "FULL" ? "eventDetail.registerWaiting" : "eventDetail.register")}
              </Button>
            </Group>
          ) : (
            <Text size="sm" data-testid="event-needs-company">
              {t("eventDetail.needsCompany")}{" "}
              {/* Links inside a sentence are underlined: colour alone does not tell them apart (axe link-in-text-block). */}
              <Anchor component={Link} to={href("companyCreate", locale)} underline="always">
                {t("eventDetail.createCompany")}
              </Anchor>{" "}
              ·{" "}
              <Anchor component={Link} to={href("companyLink", locale)} underline="always">
                {t("eventDetail.linkCompany")}
              </Anchor>
            </Text>
          ))
        )}
      </Stack>
      {p.own && (
        <ConfirmDialog
          opened={confirming}
          onClose={() => setConfirming(false)}
          title={t("eventDetail.own.cancelTitle")}
          text={t("eventDetail.own.cancelText")}
          confirmLabel={t("eventDetail.own.cancelConfirm")}
          fields={{ intent: "cancel", registrationId: p.own.id }}
          successMessage="eventDetail.own.cancelled"
        />
      )}
    </Card>
  );
}
