import { Anchor, Badge, Button, Group, Image, Paper, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { FormError } from "~/components/FormError";
import { Link } from "react-router";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";
import type { ServiceType } from "~/schemas/enums";
import { ItemActions, ListSection, useItemDialogs } from "./ListSection";
import { NewTabHint } from "./NewTabHint";
import { ConfirmDialog, ServiceDialog } from "./lazy-dialogs";
import type { ServiceView } from "./types";
import { useDialogFetcher } from "./use-dialog-fetcher";

const SECTIONS = [
  { type: "OFFER", title: "companyDetail.offers", empty: "companyDetail.noOffers", add: "service.addOffer" },
  { type: "INQUIRY", title: "companyDetail.inquiries", empty: "companyDetail.noInquiries", add: "service.addInquiry" },
] as const;

/** Offers and requests in two sections; members and admins create, prolong and delete ads. */
export function ServiceList({ services, canManage, companyId }: { services: ServiceView[]; canManage: boolean; companyId: string }) {
  const t = useT();
  const [createType, setCreateType] = useState<ServiceType>("OFFER");
  const [createOpen, create] = useDisclosure(false);
  const dialogs = useItemDialogs<ServiceView>();
  const { deleting } = dialogs;

  return (
    <>
      {SECTIONS.map((section) => {
        const items = services.filter((s) => s.type === section.type);
        const openCreate = () => {
          setCreateType(section.type);
          create.open();
        };
        return (
          <ListSection
            key={section.type}
            id={`company-services-${section.type.toLowerCase()}`}
            title={t(section.title)}
            add={canManage ? { label: t(section.add), testId: `add-service-${section.type}`, onClick: openCreate } : undefined}
            testId={`services-${section.type}`}
          >
            {items.length === 0 && <Text c="dimmed">{t(section.empty)}</Text>}
            {items.map((service) => (
              <ServiceCard key={service.id} service={service} canManage={canManage} companyId={companyId} onDelete={() => dialogs.remove(service)} />
            ))}
          </ListSection>
        );
      })}
      {canManage && (
        <>
          <ServiceDialog key={createType} opened={createOpen} onClose={create.close} type={createType} />
          <ConfirmDialog
            opened={dialogs.confirmOpen}
            onClose={dialogs.closeConfirm}
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

function ServiceCard({ service, canManage, companyId, onDelete }: { service: ServiceView; canManage: boolean; companyId: string; onDelete: () => void }) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const prolong = useDialogFetcher("service.prolonged");
  return (
    <Paper withBorder p="md" data-testid="service" id={`service-${service.id}`}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        {service.imageKey && <Image src={`/files/${service.imageKey}`} alt="" w={120} h={90} fit="cover" radius="sm" visibleFrom="xs" loading="lazy" />}
        <Stack gap={6} flex={1} miw={0}>
          <Group gap="xs">
            <Title order={3} size="h4">
              {service.title}
            </Title>
            {canManage && service.state !== "valid" && (
              <Badge
                color={service.state === "expired" ? "red.9" : "yellow.9"}
                // White on yellow is below 4.5:1 (axe); near-black text reads on it.
                c={service.state === "expired" ? undefined : "#1a1a1a"}
                variant="filled"
                data-testid="service-state"
              >
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
            {/* Offers meet requests (issue 25): the complementary ads of other companies. */}
            {service.state !== "expired" && (
              <Anchor component={Link} to={href("adMatches", locale, { companyId, id: service.id })} size="sm" data-testid="service-matches">
                {t(service.type === "OFFER" ? "adMatches.link.OFFER" : "adMatches.link.INQUIRY")}
              </Anchor>
            )}
          </Group>
          {canManage && (
            <ItemActions onDelete={onDelete}>
              {service.state === "expiring" && (
                <prolong.fetcher.Form method="post">
                  <input type="hidden" name="intent" value="prolongService" />
                  <input type="hidden" name="serviceId" value={service.id} />
                  <Button type="submit" size="xs" variant="light" loading={prolong.busy} data-testid="prolong-service">
                    {t("service.prolong")}
                  </Button>
                </prolong.fetcher.Form>
              )}
            </ItemActions>
          )}
          <FormError code={prolong.failure?.error} />
        </Stack>
      </Group>
    </Paper>
  );
}
