import { offered, type Feature, type FeatureContext } from '../common/feature';
import { offerMcpServer } from './mcpProvider';
import { AssistantTools, contributedToolNames } from './registerTools';

/** The assistant tools registered with VS Code (loaded on their first call) and the MCP server offered to it. */
export function activate(context: FeatureContext): Feature {
  const { extension, session, privateKeys } = context;
  const assistant = new AssistantTools(contributedToolNames(extension), { session, privateKeys, uploads: offered(context, 'uploads').queue });
  return { disposables: [assistant, ...offerMcpServer(extension, session)] };
}
