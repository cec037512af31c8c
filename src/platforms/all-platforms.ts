import { DIFY_PLATFORM } from "./dify/dify-platform.js";
import { FLOWISE_PLATFORM } from "./flowise/flowise-platform.js";
import { N8N_PLATFORM } from "./n8n/n8n-platform.js";
import { registerPlatform } from "./registry.js";

// The library's entries import this module: a library user's synchronous calls (`loadToolConfigs`,
// `lint`) find every platform loaded, as before platforms loaded lazily. The CLI does not: a run loads
// the platforms it needs (`preparePlatforms`).
registerPlatform(N8N_PLATFORM);
registerPlatform(FLOWISE_PLATFORM);
registerPlatform(DIFY_PLATFORM);
