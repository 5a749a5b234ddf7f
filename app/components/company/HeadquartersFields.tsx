import { NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useLocale, useT } from "~/i18n/i18n-context";
import { LIMITS } from "~/schemas/company";
import type { CompanyFormValues } from "~/schemas/company-form";
import { COUNTRIES } from "~/schemas/enums";
import { HeadquartersMap } from "./HeadquartersMap";
import { regionOptions } from "./regions";
import type { LatLon } from "./types";
import { useGeocode } from "./use-geocode";

interface Props {
  defaults: CompanyFormValues;
  /** The translated error of a field, if shown (the form's live validation). */
  error: (field: string) => string | undefined;
}

function initialPin(defaults: CompanyFormValues): LatLon | null {
  const lat = Number.parseFloat(defaults.lat);
  const lon = Number.parseFloat(defaults.lon);
  return Number.isFinite(lat) && Number.isFinite(lon) ? { lat, lon } : null;
}

/** Headquarters address (create form): country, state/region, lines, postal code, city and the map. */
export function HeadquartersFields({ defaults, error }: Props) {
  const t = useT();
  const locale = useLocale();
  const [country, setCountry] = useState(defaults.country || "DE");
  const [postalCode, setPostalCode] = useState(defaults.postalCode);
  const [city, setCity] = useState(defaults.city);
  const [pin, setPin] = useState<LatLon | null>(() => initialPin(defaults));
  const suggested = useGeocode(country, postalCode, city);

  const countries = COUNTRIES.map((c) => ({ value: c, label: t(c === "DE" ? "country.DE" : "country.CZ") }));
  const regions = [{ value: "", label: t("company.field.statePlaceholder") }, ...regionOptions(country, locale)];

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          name="country"
          label={t("address.country")}
          data={countries}
          value={country}
          onChange={(e) => {
            setCountry(e.currentTarget.value);
            setPin(null);
          }}
          withAsterisk
          error={error("country")}
        />
        <NativeSelect
          key={country}
          name="state"
          label={t("address.state")}
          data={regions}
          defaultValue={country === defaults.country ? defaults.state : ""}
          withAsterisk
          error={error("state")}
          data-testid="field-state"
        />
      </SimpleGrid>
      <TextInput
        name="line1"
        label={t("address.line1")}
        defaultValue={defaults.line1}
        maxLength={LIMITS.addressLine}
        autoComplete="address-line1"
        withAsterisk
        error={error("line1")}
      />
      <TextInput
        name="line2"
        label={t("address.line2")}
        defaultValue={defaults.line2}
        maxLength={LIMITS.addressLine}
        autoComplete="address-line2"
        error={error("line2")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          name="postalCode"
          label={t("address.postalCode")}
          value={postalCode}
          onChange={(e) => setPostalCode(e.currentTarget.value)}
          maxLength={LIMITS.postalCode}
          autoComplete="postal-code"
          inputMode="numeric"
          withAsterisk
          error={error("postalCode")}
        />
        <TextInput
          name="city"
          label={t("address.city")}
          value={city}
          onChange={(e) => setCity(e.currentTarget.value)}
          maxLength={LIMITS.city}
          autoComplete="address-level2"
          withAsterisk
          error={error("city")}
        />
      </SimpleGrid>
      <HeadquartersMap pinned={pin} suggested={suggested} onPin={setPin} />
    </Stack>
  );
}
