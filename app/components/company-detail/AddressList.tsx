import { Badge, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useT } from "~/i18n/i18n-context";
import { AddressDialog, ConfirmDialog } from "./lazy-dialogs";
import { CompanyMap } from "./CompanyMap";
import { ItemActions, ListSection, useItemDialogs } from "./ListSection";
import { addressLine, type AddressView, displayPostalCode } from "./types";

/** Headquarters first, then further locations, with the map; edit dialogs for members and admins. */
export function AddressList({ companyName, addresses, canEdit }: { companyName: string; addresses: AddressView[]; canEdit: boolean }) {
  const t = useT();
  const sorted = [...addresses].sort((a, b) => Number(a.kind !== "HEADQUARTERS") - Number(b.kind !== "HEADQUARTERS"));
  const dialogs = useItemDialogs<AddressView>();
  const { deleting } = dialogs;

  return (
    <ListSection
      id="company-addresses"
      title={t("companyDetail.addresses")}
      add={canEdit ? { label: t("address.add"), testId: "add-address", onClick: () => dialogs.edit() } : undefined}
    >
      {sorted.length === 0 && <Text c="dimmed">{t("companyDetail.noAddresses")}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {sorted.map((address) => (
          <Paper key={address.id} withBorder p="md" data-testid="address">
            <Stack gap={4}>
              <Group gap="xs">
                <Badge variant={address.kind === "HEADQUARTERS" ? "filled" : "light"}>{t(`address.kind.${address.kind}`)}</Badge>
              </Group>
              <Text component="address" style={{ fontStyle: "normal" }}>
                {address.line1}
                <br />
                {address.line2 && (
                  <>
                    {address.line2}
                    <br />
                  </>
                )}
                {displayPostalCode(address.country, address.postalCode)} {address.city}
                <br />
                {address.state}, {t(`country.${address.country}`)}
              </Text>
              {canEdit && (
                // The headquarters cannot be deleted (decision 006).
                <ItemActions onEdit={() => dialogs.edit(address)} onDelete={address.kind !== "HEADQUARTERS" ? () => dialogs.remove(address) : undefined} />
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <CompanyMap companyName={companyName} addresses={sorted} />
      {canEdit && (
        <>
          <AddressDialog key={dialogs.editing?.id ?? "new"} opened={dialogs.dialogOpen} onClose={dialogs.closeDialog} address={dialogs.editing} />
          <ConfirmDialog
            opened={dialogs.confirmOpen}
            onClose={dialogs.closeConfirm}
            title={t("address.delete")}
            text={deleting ? t("address.deleteConfirm", { address: addressLine(deleting) }) : ""}
            confirmLabel={t("action.delete")}
            fields={{ intent: "deleteAddress", addressId: deleting?.id ?? "" }}
            successMessage="address.deleted"
          />
        </>
      )}
    </ListSection>
  );
}
