import type { ChatflowSeed } from "../../../src/emulator/flowise/chatflows/chatflow-seed.js";
import { createFlowiseEmulator } from "../../../src/emulator/flowise/flowise-emulator.js";

export const KEY_A = "key-a-0123456789";
export const KEY_B = "key-b-0123456789";
export const KEY_A_ID = "aaaaaaaa-0000-4000-8000-000000000000";
export const KEY_B_ID = "bbbbbbbb-0000-4000-8000-000000000000";
export const WORKSPACE = "eeeeeeee-0000-4000-8000-000000000000";
export const NOW = "2025-03-01T12:00:00.000Z";

/** The n-th id the test emulator generates: a valid v4 UUID. */
export const generatedId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

export const SEED_IDS = {
  beta: "11111111-1111-4111-8111-111111111111",
  alpha: "22222222-2222-4222-8222-222222222222",
  gamma: "33333333-3333-4333-8333-333333333333",
  delta: "44444444-4444-4444-8444-444444444444",
} as const;

/** Four flows: Beta (unbound), alpha (key A), Gamma (apikeyid ""), Delta (key A, agentflow). */
export const SEED: ChatflowSeed[] = [
  {
    id: SEED_IDS.beta,
    name: "Beta",
    flowData: '{"nodes":[],"edges":[]}',
    type: "CHATFLOW",
    deployed: false,
    isPublic: false,
    category: "a;b",
    createdDate: "2025-01-01T00:00:00.000Z",
    updatedDate: "2025-01-04T00:00:00.000Z",
  },
  {
    id: SEED_IDS.alpha,
    name: "alpha",
    flowData: '{"nodes":[],"edges":[]}',
    type: "CHATFLOW",
    apikeyid: KEY_A_ID,
    createdDate: "2025-01-01T00:00:00.000Z",
    updatedDate: "2025-01-02T00:00:00.000Z",
  },
  {
    id: SEED_IDS.gamma,
    name: "Gamma",
    flowData: '{"nodes":[],"edges":[]}',
    type: "MULTIAGENT",
    apikeyid: "",
    createdDate: "2025-01-01T00:00:00.000Z",
    updatedDate: "2025-01-03T00:00:00.000Z",
  },
  {
    id: SEED_IDS.delta,
    name: "Delta",
    flowData: '{"nodes":[],"edges":[]}',
    type: "AGENTFLOW",
    apikeyid: KEY_A_ID,
    createdDate: "2025-01-01T00:00:00.000Z",
    updatedDate: "2025-01-01T00:00:00.000Z",
  },
];

/** An emulator with pinned keys, clock, workspace and ids; `restart()` also restarts the id counter. */
export function createTestEmulator(options: { logError?: (error: unknown) => void } = {}) {
  let counter = 0;
  const emulator = createFlowiseEmulator({
    apiKeys: [
      { key: KEY_A, id: KEY_A_ID, keyName: "A" },
      { key: KEY_B, id: KEY_B_ID, keyName: "B" },
    ],
    seed: { chatflows: SEED },
    now: () => new Date(NOW),
    randomId: () => generatedId(++counter),
    workspaceId: WORKSPACE,
    ...(options.logError ? { logError: options.logError } : {}),
  });
  return {
    emulator,
    restart() {
      counter = 0;
      emulator.reset();
    },
  };
}

export const flowiseError = (statusCode: number, message: string) => ({
  statusCode,
  success: false,
  message,
  stack: {},
});

/** Headers of an authorised JSON request. */
export const authJson = (key = KEY_A) => ({
  authorization: `Bearer ${key}`,
  "content-type": "application/json",
});
