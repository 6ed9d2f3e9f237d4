// Every test runs with egress blocked: fetch may only reach loopback, where the fakes listen.
import { Agent, MockAgent, setGlobalDispatcher } from 'undici';

const loopback = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;
const guard = new MockAgent({ agent: new Agent() });
guard.disableNetConnect();
guard.enableNetConnect(loopback);
setGlobalDispatcher(guard);
