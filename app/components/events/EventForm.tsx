import { Checkbox, Group, MultiSelect, NativeSelect, Radio, SimpleGrid, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import { FormSection } from "~/components/forms/FormSection";
import { useMemo, useState } from "react";
import { Form, useNavigation } from "react-router";
import { HeadquartersFields } from "~/components/company/HeadquartersFields";
import { FormFooter } from "~/components/forms/FormFooter";
import { LocaleDateInput } from "~/components/forms/LocaleDateInput";
import { useLiveValidation } from "~/components/forms/use-live-validation";
import { useT } from "~/i18n/i18n-context";
import { EMPTY_COMPANY_FORM } from "~/schemas/company-form";
import { EVENT_LIMITS } from "~/schemas/event";
import type { EventFormValues } from "~/schemas/event-values";
import { type EventActionFailure, eventFormValidator, eventServerErrors } from "./event-form-errors";
import { EventFilesField, type ExistingFile } from "./EventFilesField";
import { FormTranslateButton } from "~/components/translation/TranslateButton";
import { RichTextField } from "./RichTextField";

export interface CompanyChoice {
  id: string;
  name: string;
}

interface Props {
  mode: "create" | "edit";
  defaults: EventFormValues;
  /** Create: the companies the actor may choose as organiser (none shown when only one). */
  organizerChoices: CompanyChoice[];
  /** Verified companies for further organisers. */
  companies: CompanyChoice[];
  files: { images: ExistingFile[]; attachments: ExistingFile[] };
  failure?: EventActionFailure | undefined;
  cancelHref: string;
  /** Edit: the event (its organisers may ask for translations); create: none yet. */
  eventId?: string | undefined;
}

/**
 * The event create and edit form: the same schema as the server checks as the user types
 * (useLiveValidation), the server's field errors until their field changes, the first invalid
 * field focused. Titles and descriptions German | Czech side by side.
 */
export function EventForm({ mode, defaults, organizerChoices, companies, files, failure, cancelHref, eventId }: Props) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  const validate = useMemo(() => eventFormValidator(new Date().getFullYear()), []);
  const server = useMemo(() => eventServerErrors(failure), [failure]);
  const { formProps, error: f, showBanner } = useLiveValidation({ validate, serverErrors: server.fields });
  const [locationKind, setLocationKind] = useState(defaults.locationKind);
  const [registrationKind, setRegistrationKind] = useState(defaults.registrationKind);
  const [publishNow, setPublishNow] = useState(defaults.publishNow);
  const [organizers, setOrganizers] = useState(defaults.organizers);
  const address = { ...EMPTY_COMPANY_FORM, ...pick(defaults) };
  const currencies = [
    { value: "", label: t("eventForm.currencyNone") },
    { value: "EUR", label: "EUR" },
    { value: "CZK", label: "CZK" },
  ];

  return (
    <Form {...formProps} method="post" encType="multipart/form-data" data-testid="event-form">
      <Stack gap="lg">
        {mode === "create" && organizerChoices.length > 1 && (
          <FormSection title={t("eventForm.sectionOrganizer")}>
            <NativeSelect
              name="organizerCompanyId"
              label={t("eventForm.organizer")}
              data={[{ value: "", label: t("eventForm.organizerChoose") }, ...organizerChoices.map((c) => ({ value: c.id, label: c.name }))]}
              defaultValue={defaults.organizerCompanyId}
              withAsterisk
              error={f("organizerCompanyId")}
            />
          </FormSection>
        )}
        {mode === "create" && organizerChoices.length === 1 && <input type="hidden" name="organizerCompanyId" value={organizerChoices[0]!.id} />}

        <FormSection title={t("eventForm.sectionText")}>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Stack gap="xs">
              <TextInput name="titleDe" lang="de" label={t("eventForm.titleDe")} defaultValue={defaults.titleDe} maxLength={EVENT_LIMITS.title} withAsterisk error={f("titleDe")} />
              <FormTranslateButton kind="event" subjectId={eventId} field="title" from="cs" to="de" sourceName="titleCs" targetName="titleDe" testId="translate-titleDe" />
            </Stack>
            <Stack gap="xs">
              <TextInput name="titleCs" lang="cs" label={t("eventForm.titleCs")} defaultValue={defaults.titleCs} maxLength={EVENT_LIMITS.title} withAsterisk error={f("titleCs")} />
              <FormTranslateButton kind="event" subjectId={eventId} field="title" from="de" to="cs" sourceName="titleDe" targetName="titleCs" testId="translate-titleCs" />
            </Stack>
            <Stack gap="xs">
              <RichTextField name="descriptionDe" lang="de" label={t("eventForm.descriptionDe")} defaultValue={defaults.descriptionDe} error={f("descriptionDe")} />
              <FormTranslateButton kind="event" subjectId={eventId} field="description" from="cs" to="de" sourceName="descriptionCs" targetName="descriptionDe" testId="translate-descriptionDe" />
            </Stack>
            <Stack gap="xs">
              <RichTextField name="descriptionCs" lang="cs" label={t("eventForm.descriptionCs")} defaultValue={defaults.descriptionCs} error={f("descriptionCs")} />
              <FormTranslateButton kind="event" subjectId={eventId} field="description" from="de" to="cs" sourceName="descriptionDe" targetName="descriptionCs" testId="translate-descriptionCs" />
            </Stack>
          </SimpleGrid>
        </FormSection>

        <FormSection title={t("eventForm.sectionLocation")}>
          <Radio.Group name="locationKind" label={t("eventForm.locationKind")} value={locationKind} onChange={(v) => setLocationKind(v === "ONLINE" ? "ONLINE" : "ADDRESS")}>
            <Group mt="xs">
              <Radio value="ADDRESS" label={t("eventForm.locationAddress")} />
              <Radio value="ONLINE" label={t("eventForm.locationOnline")} />
            </Group>
          </Radio.Group>
          <TextInput name="venue" label={t("eventForm.venue")} description={t("eventForm.venueHint")} defaultValue={defaults.venue} maxLength={EVENT_LIMITS.venue} error={f("venue")} />
          {locationKind === "ADDRESS" ? (
            <HeadquartersFields defaults={address} error={f} />
          ) : (
            <TextInput name="onlineUrl" inputMode="url" label={t("eventForm.onlineUrl")} defaultValue={defaults.onlineUrl} withAsterisk error={f("onlineUrl")} />
          )}
        </FormSection>

        <FormSection title={t("eventForm.sectionDates")}>
          <DateTime prefix="start" label={t("eventForm.start")} defaults={defaults} required error={f} />
          <DateTime prefix="end" label={t("eventForm.end")} defaults={defaults} required error={f} />
          <Checkbox name="publishNow" label={t("eventForm.publishNow")} checked={publishNow} onChange={(e) => setPublishNow(e.currentTarget.checked)} />
          {!publishNow && <DateTime prefix="publish" label={t("eventForm.publish")} defaults={defaults} required error={f} />}
          <DateTime prefix="deadline" label={t("eventForm.deadline")} defaults={defaults} required={false} error={f} hint={t("eventForm.deadlineHint")} />
        </FormSection>

        <FormSection title={t("eventForm.sectionFiles")}>
          <EventFilesField kind="images" existing={files.images} keep={defaults.keepImages} error={f("images")} />
          <EventFilesField kind="attachments" existing={files.attachments} keep={defaults.keepAttachments} error={f("attachments")} />
        </FormSection>

        <FormSection title={t("eventForm.sectionRegistration")}>
          <TextInput
            name="maxParticipants"
            inputMode="numeric"
            label={t("eventForm.maxParticipants")}
            description={t("eventForm.maxParticipantsHint")}
            defaultValue={defaults.maxParticipants}
            error={f("maxParticipants")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput name="fee" inputMode="decimal" label={t("eventForm.fee")} description={t("eventForm.feeHint")} defaultValue={defaults.fee} error={f("fee")} />
            <NativeSelect name="currency" label={t("eventForm.currency")} data={currencies} defaultValue={defaults.currency} error={f("currency")} />
            <Textarea name="paymentTermsDe" lang="de" label={t("eventForm.paymentTermsDe")} defaultValue={defaults.paymentTermsDe} maxLength={EVENT_LIMITS.paymentTerms} autosize minRows={2} error={f("paymentTermsDe")} />
            <Textarea name="paymentTermsCs" lang="cs" label={t("eventForm.paymentTermsCs")} defaultValue={defaults.paymentTermsCs} maxLength={EVENT_LIMITS.paymentTerms} autosize minRows={2} error={f("paymentTermsCs")} />
          </SimpleGrid>
          <Radio.Group name="registrationKind" label={t("eventForm.registrationKind")} value={registrationKind} onChange={(v) => setRegistrationKind(v === "EXTERNAL" ? "EXTERNAL" : "INTERNAL")}>
            <Group mt="xs">
              <Radio value="INTERNAL" label={t("eventForm.registrationInternal")} />
              <Radio value="EXTERNAL" label={t("eventForm.registrationExternal")} />
            </Group>
          </Radio.Group>
          {registrationKind === "EXTERNAL" && (
            <TextInput name="externalUrl" inputMode="url" label={t("eventForm.externalUrl")} defaultValue={defaults.externalUrl} withAsterisk error={f("externalUrl")} />
          )}
        </FormSection>

        <FormSection title={t("eventForm.sectionMore")}>
          <MultiSelect
            label={t("eventForm.organizers")}
            description={t("eventForm.organizersHint")}
            data={companies.map((c) => ({ value: c.id, label: c.name }))}
            value={organizers}
            onChange={setOrganizers}
            searchable
            clearable
            maxValues={EVENT_LIMITS.organizers}
            nothingFoundMessage={t("eventForm.noCompany")}
            error={f("organizers")}
            data-field="organizers"
          />
          {organizers.map((id) => (
            <input key={id} type="hidden" name="organizers" value={id} />
          ))}
          <Switch name="b2b" label={t("eventForm.b2b")} defaultChecked={defaults.b2b} />
          <Switch name="active" label={t("eventForm.active")} description={t("eventForm.activeHint")} defaultChecked={defaults.active} />
        </FormSection>

        <FormFooter
          showBanner={showBanner}
          serverForm={server.form}
          submitLabel={t(mode === "create" ? "eventForm.submitCreate" : "eventForm.submitSave")}
          submitTestId="event-submit"
          busy={busy}
          cancelHref={cancelHref}
        />
      </Stack>
    </Form>
  );
}

function pick(v: EventFormValues) {
  return { country: v.country, state: v.state, line1: v.line1, line2: v.line2, postalCode: v.postalCode, city: v.city, lat: v.lat, lon: v.lon };
}

function DateTime(props: { prefix: "start" | "end" | "publish" | "deadline"; label: string; defaults: EventFormValues; required: boolean; hint?: string; error: (f: string) => string | undefined }) {
  const t = useT();
  const { prefix, defaults, error } = props;
  const dateName = `${prefix}Date` as const;
  const timeName = `${prefix}Time` as const;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <LocaleDateInput
        name={dateName}
        label={t("eventForm.dateOf", { what: props.label })}
        description={props.hint ?? t("eventForm.dateHint")}
        defaultValue={defaults[dateName]}
        withAsterisk={props.required}
        error={error(dateName)}
      />
      <TextInput
        name={timeName}
        type="time"
        label={t("eventForm.timeOf", { what: props.label })}
        description={t("eventForm.timeHint")}
        defaultValue={defaults[timeName]}
        withAsterisk={props.required}
        error={error(timeName)}
      />
    </SimpleGrid>
  );
}

