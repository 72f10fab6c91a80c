import type { Request } from 'express';
import { clientNetwork } from '../../../platform/budget/client-network.js';
import type { DeviceInfo } from '../../users/domain/device.js';
import { summarizeUserAgent } from '../../users/domain/user-agent-summary.js';

/** What a new session keeps of the browser that starts it: a summary of its user agent and its network. */
export function deviceOf(req: Request): DeviceInfo {
  return { userAgent: summarizeUserAgent(req.headers['user-agent']), network: clientNetwork(req.ip) };
}
