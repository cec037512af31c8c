/** The model `agent` and `run` use when none is named: provider:model for LangChain's initChatModel. */
export const DEFAULT_MODEL = "openai:gpt-4o-mini";
