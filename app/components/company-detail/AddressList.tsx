import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { useT } from "~/i18n/i18n-context";
import { AddressDialog } from "./AddressDialog";
import { CompanyMap } from "./CompanyMap";
import { ConfirmDialog } from "./Dialog";
import { addressLine, type AddressView, displayPostalCode } from "./types";

/** Headquarters first, then further locations, with the map; edit dialogs for members and admins. */
export function AddressList({ companyName, addresses, canEdit }: { companyName: string; addresses: AddressView[]; canEdit: boolean }) {
  const t = useT();
  const sorted = [...addresses].sort((a, b) => Number(a.kind !== "HEADQUARTERS") - Number(b.kind !== "HEADQUARTERS"));
  const [editing, setEditing] = useState<AddressView | undefined>();
  const [deleting, setDeleting] = useState<AddressView | undefined>();
  const [dialogOpen, dialog] = useDisclosure(false);
  const [confirmOpen, confirm] = useDisclosure(false);

  return (
    <Stack component="section" aria-labelledby="company-addresses" gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3" id="company-addresses">
          {t("companyDetail.addresses")}
        </Title>
        {canEdit && (
          <Button
            variant="light"
            onClick={() => {
              setEditing(undefined);
              dialog.open();
            }}
            data-testid="add-address"
          >
            {t("address.add")}
          </Button>
        )}
      </Group>
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
                <Group gap="xs" mt="xs">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => {
                      setEditing(address);
                      dialog.open();
                    }}
                  >
                    {t("action.edit")}
                  </Button>
                  {address.kind !== "HEADQUARTERS" && (
                    <Button
                      size="xs"
                      variant="default"
                      c="var(--mantine-color-error)"
                      onClick={() => {
                        setDeleting(address);
                        confirm.open();
                      }}
                    >
                      {t("action.delete")}
                    </Button>
                  )}
                </Group>
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <CompanyMap companyName={companyName} addresses={sorted} />
      {canEdit && (
        <>
          <AddressDialog key={editing?.id ?? "new"} opened={dialogOpen} onClose={dialog.close} address={editing} />
          <ConfirmDialog
            opened={confirmOpen}
            onClose={confirm.close}
            title={t("address.delete")}
            text={deleting ? t("address.deleteConfirm", { address: addressLine(deleting) }) : ""}
            confirmLabel={t("action.delete")}
            fields={{ intent: "deleteAddress", addressId: deleting?.id ?? "" }}
            successMessage="address.deleted"
          />
        </>
      )}
    </Stack>
  );
}
