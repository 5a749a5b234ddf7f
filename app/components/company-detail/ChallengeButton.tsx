import { Button } from "@mantine/core";
import { useState } from "react";
import { useT } from "~/i18n/i18n-context";
import { ChallengeDialog } from "./lazy-dialogs";

/** The "Report an error" button; its dialog (and the dialog's form code) loads when first opened. */
export function ChallengeButton({ signedIn, loginHref }: { signedIn: boolean; loginHref: string }) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        variant="default"
        onClick={() => {
          setUsed(true);
          setOpened(true);
        }}
        data-testid="report-error"
      >
        {t("companyDetail.reportError")}
      </Button>
      {used && <ChallengeDialog opened={opened} onClose={() => setOpened(false)} signedIn={signedIn} loginHref={loginHref} />}
    </>
  );
}
