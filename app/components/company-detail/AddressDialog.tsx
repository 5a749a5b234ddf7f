import { NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import { useState } from "react";
import { regionOptions } from "~/components/company/regions";
import { schemaValidator } from "~/components/forms/use-live-validation";
import { useLocale, useT } from "~/i18n/i18n-context";
import { AddressSchema, LIMITS } from "~/schemas/company";
import { ADDRESS_KINDS, COUNTRIES } from "~/schemas/enums";
import { Dialog } from "./Dialog";
import { DialogForm, useDialogForm } from "./DialogForm";
import type { AddressView } from "./types";

const FIELDS = ["kind", "country", "state", "line1", "line2", "postalCode", "city"] as const;
/** The action parses the same schema; the dialog checks it as the user types. */
const validate = schemaValidator(AddressSchema);

/** Adds an address, or edits `address` (AddressSchema fields). */
export function AddressDialog({ opened, onClose, address }: { opened: boolean; onClose: () => void; address?: AddressView | undefined }) {
  const t = useT();
  return (
    <Dialog opened={opened} onClose={onClose} title={t(address ? "address.edit" : "address.add")}>
      <AddressForm address={address} onDone={onClose} />
    </Dialog>
  );
}

function AddressForm({ address, onDone }: { address: AddressView | undefined; onDone: () => void }) {
  const t = useT();
  const form = useDialogForm(FIELDS, address ? "address.updated" : "address.created", onDone, validate);
  const { error } = form;
  const isHeadquarters = address?.kind === "HEADQUARTERS";
  const locale = useLocale();
  const [country, setCountry] = useState<string>(address?.country ?? "DE");
  // The same regions as the create form; a stored value outside the list (imports) stays selectable.
  const regions = regionOptions(country, locale);
  const keepState = address && address.country === country && !regions.some((r) => r.value === address.state);
  const stateOptions = [
    { value: "", label: t("company.field.statePlaceholder") },
    ...(keepState ? [{ value: address.state, label: address.state }] : []),
    ...regions,
  ];

  return (
    <DialogForm
      form={form}
      hidden={{ intent: address ? "updateAddress" : "addAddress", addressId: address?.id, kind: isHeadquarters ? "HEADQUARTERS" : undefined }}
      submitLabel={t("action.save")}
      testId="address-form"
    >
      <NativeSelect
        name={isHeadquarters ? undefined : "kind"}
        label={t("address.kind")}
        defaultValue={address?.kind ?? "LOCATION"}
        disabled={isHeadquarters}
        description={isHeadquarters ? t("address.headquartersFixed") : undefined}
        data={ADDRESS_KINDS.map((kind) => ({ value: kind, label: t(`address.kind.${kind}`) }))}
        error={error("kind")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          name="country"
          label={t("address.country")}
          required
          value={country}
          onChange={(event) => setCountry(event.currentTarget.value)}
          data={COUNTRIES.map((c) => ({ value: c, label: t(`country.${c}`) }))}
          error={error("country")}
        />
        <NativeSelect
          key={country}
          name="state"
          label={t("address.state")}
          required
          defaultValue={address?.country === country ? address.state : ""}
          data={stateOptions}
          error={error("state")}
        />
      </SimpleGrid>
      <TextInput name="line1" label={t("address.line1")} required maxLength={LIMITS.addressLine} defaultValue={address?.line1} error={error("line1")} />
      <TextInput name="line2" label={t("address.line2")} maxLength={LIMITS.addressLine} defaultValue={address?.line2 ?? ""} error={error("line2")} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          name="postalCode"
          label={t("address.postalCode")}
          required
          maxLength={LIMITS.postalCode}
          inputMode="numeric"
          autoComplete="postal-code"
          defaultValue={address?.postalCode}
          error={error("postalCode")}
        />
        <TextInput name="city" label={t("address.city")} required maxLength={LIMITS.city} defaultValue={address?.city} error={error("city")} />
      </SimpleGrid>
    </DialogForm>
  );
}
