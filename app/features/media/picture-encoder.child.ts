/**
 * The picture encoder's child process (picture-encoder.server.ts): runs each job it is sent and
 * answers with the result or the error; exits when the server disconnects.
 */
import { type EncoderJob, type EncoderReply, runJob } from "./picture-encoder.server.ts";

process.on("message", async ({ id, job }: { id: number; job: EncoderJob }) => {
  let reply: EncoderReply;
  try {
    reply = { id, ok: true, result: await runJob(job) };
  } catch (caught) {
    const error = caught instanceof Error ? caught : new Error(String(caught));
    reply = {
      id,
      ok: false,
      error: { name: error.name, message: error.message, stack: error.stack },
    };
  }
  process.send?.(reply);
});
process.on("disconnect", () => process.exit(0));
