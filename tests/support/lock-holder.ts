// Child process for data-dir-lock tests: takes the lock on argv[2], says so, and waits to be killed.
import { lockDataDir } from "~/server/db/data-dir-lock.server";

const dir = process.argv[2]!;
try {
  await lockDataDir(dir);
  process.stdout.write("locked\n");
  setInterval(() => {}, 60_000);
} catch (error) {
  process.stdout.write(`refused: ${(error as Error).message}\n`);
  process.exit(3);
}
