import { Anchor, Badge, Button, Group, Image, Paper, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { FormError } from "~/components/FormError";
import { useFormat, useT } from "~/i18n/i18n-context";
import type { ServiceType } from "~/schemas/enums";
import { ConfirmDialog } from "./Dialog";
import { NewTabHint } from "./NewTabHint";
import { ServiceDialog } from "./ServiceDialog";
import type { ServiceView } from "./types";
import { useDialogFetcher } from "./use-dialog-fetcher";

const SECTIONS = [
  { type: "OFFER", title: "companyDetail.offers", empty: "companyDetail.noOffers", add: "service.addOffer" },
  { type: "INQUIRY", title: "companyDetail.inquiries", empty: "companyDetail.noInquiries", add: "service.addInquiry" },
] as const;

/** Offers and requests in two sections; members and admins create, prolong and delete ads. */
export function ServiceList({ services, canManage }: { services: ServiceView[]; canManage: boolean }) {
  const t = useT();
  const [createType, setCreateType] = useState<ServiceType>("OFFER");
  const [createOpen, create] = useDisclosure(false);
  const [deleting, setDeleting] = useState<ServiceView | undefined>();
  const [confirmOpen, confirm] = useDisclosure(false);

  return (
    <>
      {SECTIONS.map((section) => {
        const items = services.filter((s) => s.type === section.type);
        const headingId = `company-services-${section.type.toLowerCase()}`;
        return (
          <Stack key={section.type} component="section" aria-labelledby={headingId} gap="sm" data-testid={`services-${section.type}`}>
            <Group justify="space-between">
              <Title order={2} size="h3" id={headingId}>
                {t(section.title)}
              </Title>
              {canManage && (
                <Button
                  variant="light"
                  onClick={() => {
                    setCreateType(section.type);
                    create.open();
                  }}
                  data-testid={`add-service-${section.type}`}
                >
                  {t(section.add)}
                </Button>
              )}
            </Group>
            {items.length === 0 && <Text c="dimmed">{t(section.empty)}</Text>}
            {items.map((service) => (
              <ServiceCard
                key={service.id}
                service={service}
                canManage={canManage}
                onDelete={() => {
                  setDeleting(service);
                  confirm.open();
                }}
              />
            ))}
          </Stack>
        );
      })}
      {canManage && (
        <>
          <ServiceDialog key={createType} opened={createOpen} onClose={create.close} type={createType} />
          <ConfirmDialog
            opened={confirmOpen}
            onClose={confirm.close}
            title={t("service.delete")}
            text={deleting ? t("service.deleteConfirm", { title: deleting.title }) : ""}
            confirmLabel={t("action.delete")}
            fields={{ intent: "deleteService", serviceId: deleting?.id ?? "" }}
            successMessage="service.deleted"
          />
        </>
      )}
    </>
  );
}

function ServiceCard({ service, canManage, onDelete }: { service: ServiceView; canManage: boolean; onDelete: () => void }) {
  const t = useT();
  const format = useFormat();
  const prolong = useDialogFetcher("service.prolonged");
  return (
    <Paper withBorder p="md" data-testid="service">
      <Group align="flex-start" wrap="nowrap" gap="md">
        {service.imageKey && <Image src={`/files/${service.imageKey}`} alt="" w={120} h={90} fit="cover" radius="sm" visibleFrom="xs" />}
        <Stack gap={6} flex={1} miw={0}>
          <Group gap="xs">
            <Title order={3} size="h4">
              {service.title}
            </Title>
            {canManage && service.state !== "valid" && (
              <Badge color={service.state === "expired" ? "red.9" : "yellow.9"} variant="filled" data-testid="service-state">
                {t(`service.state.${service.state}`)}
              </Badge>
            )}
          </Group>
          <Text style={{ whiteSpace: "pre-line" }}>{service.description}</Text>
          {service.keywords.length > 0 && (
            <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: "none" }} aria-label={t("service.keywords")}>
              {service.keywords.map((keyword) => (
                <Badge component="li" key={keyword} variant="outline" tt="none">
                  {keyword}
                </Badge>
              ))}
            </Group>
          )}
          <Group gap="md">
            <Text size="sm">{t("service.validUntil", { date: format.date(service.validUntil) })}</Text>
            <Anchor href={service.termsUrl} target="_blank" rel="noopener noreferrer" size="sm">
              {t("service.terms")} <NewTabHint />
            </Anchor>
          </Group>
          {canManage && (
            <Group gap="xs" mt="xs">
              {service.state === "expiring" && (
                <prolong.fetcher.Form method="post">
                  <input type="hidden" name="intent" value="prolongService" />
                  <input type="hidden" name="serviceId" value={service.id} />
                  <Button type="submit" size="xs" variant="light" loading={prolong.busy} data-testid="prolong-service">
                    {t("service.prolong")}
                  </Button>
                </prolong.fetcher.Form>
              )}
              <Button size="xs" variant="default" c="var(--mantine-color-error)" onClick={onDelete}>
                {t("action.delete")}
              </Button>
            </Group>
          )}
          <FormError code={prolong.failure?.error} />
        </Stack>
      </Group>
    </Paper>
  );
}
