import { createContext } from 'react-router';
import type { WebConfig } from './config.server.ts';

/** The server's configuration, handed to loaders and actions through the router context. */
export const configContext = createContext<WebConfig>();
