/**
 * A tool call failure its platform does not show the model but ends the agent's whole run with (a
 * Flowise Agentflow V2 Agent's Custom Tool): `invoke` throws it. An agent's run fails on it as the
 * platform's does; `tooldeck call` reports it as the call's failure, saying the run would end.
 */
export class RunEndingFailure extends Error {
  override readonly name: string = "RunEndingFailure";
}
