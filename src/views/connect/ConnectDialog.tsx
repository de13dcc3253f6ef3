// The Connect dialog (spec A2.10): one actor per project page, driven by the URL. The route's search and the
// project's live status are forwarded into the actor; every choice in the dialog is a navigation (the router owns
// the URL), so a copied address opens the same dialog.
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import type { Key } from 'react-aria-components';
import { connectDialogWithPlatform } from '../../actors/connect.ts';
import {
  selectConnectError,
  selectConnectInfo,
  selectConnectOpen,
  selectConnectParams,
  selectConnectTabs,
} from '../../../machines/connect-dialog.selectors.ts';
import { CONNECT_TAB_LABELS, type ConnectTab } from '../../domain/connect/constants.ts';
import { connectSearchFor, connectTitle, visibleConnectTabs, type ConnectParams, type ConnectSearch } from '../../domain/connect/params.ts';
import { isEnabled, type Flags, type FlagName } from '../../domain/navigation/flags.ts';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs.tsx';
import { devInspect } from '../../dev/live-inspect.ts';
import { DirectTab, type DirectTabProps } from './DirectTab.tsx';
import { FrameworkTab } from './FrameworkTab.tsx';

/** The tabs shown (spec A2.10): the flagged ones when their flag is on, and MCP when the page gives its view. */
const tabsFor = (flags: Flags, mcp: boolean) => visibleConnectTabs((flag) => isEnabled(flags, flag as FlagName)).filter((tab) => mcp || tab !== 'mcp');

export interface ConnectDialogProps {
  projectRef: string;
  status: string;
  search: ConnectSearch;
  flags: Flags;
  /** The MCP tab's content (another view area: the route composes it in). */
  mcpTab?: ReactNode;
  /** A connection string was copied (spec A7 connection_string_copied). */
  onStringCopied?: DirectTabProps['onStringCopied'];
}

export function ConnectDialog({ projectRef, status, search, flags, mcpTab, onStringCopied }: ConnectDialogProps) {
  const hasMcp = mcpTab !== undefined;
  const tabs = useMemo(() => tabsFor(flags, hasMcp), [flags, hasMcp]);
  const actor = useActorRef(connectDialogWithPlatform, { input: { ref: projectRef, status, tabs, search }, inspect: devInspect });
  // The router owns the URL (DESIGN §3): forward its Connect parameters and the project's status into the actor.
  useEffect(() => {
    actor.send({ type: 'connect.sync', search, status, tabs });
  }, [actor, search, status, tabs]);

  const open = useSelector(actor, selectConnectOpen);
  const params = useSelector(actor, selectConnectParams);
  const info = useSelector(actor, selectConnectInfo);
  const error = useSelector(actor, selectConnectError);
  const shownTabs = useSelector(actor, selectConnectTabs);
  const navigate = useNavigate();

  const go = (next: Partial<ConnectParams>) =>
    void navigate({
      to: '.',
      replace: true,
      search: (prev: Record<string, unknown>) => ({ ...prev, ...connectSearchFor({ ...params, ...next }, projectRef) }),
    });
  const close = () =>
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => {
        const rest = { ...prev };
        for (const key of ['showConnect', 'connectTab', 'framework', 'using', 'with', 'type', 'source', 'method']) delete rest[key];
        return rest;
      },
    });

  return (
    <Modal size="xlarge" isOpen={open} onOpenChange={(isOpen) => !isOpen && close()}>
      <Dialog title={connectTitle(shownTabs, CONNECT_TAB_LABELS)} description="Connect your app or tools to this project's database and API.">
        {error ? (
          <ErrorAlert subject="The connection details could not be read" error={error} projectRef={projectRef}>
            <Button onPress={() => actor.send({ type: 'connect.retry' })}>Retry</Button>
          </ErrorAlert>
        ) : !info ? (
          <Spinner label="Loading connection details" />
        ) : (
          <Tabs
            selectedKey={params.tab}
            onSelectionChange={(key: Key) => go({ tab: key as ConnectTab, framework: undefined, using: undefined, with: undefined })}
          >
            {shownTabs.length > 1 ? (
              <TabList aria-label="Ways to connect">
                {shownTabs.map((tab) => (
                  <Tab key={tab} id={tab}>
                    {CONNECT_TAB_LABELS[tab]}
                  </Tab>
                ))}
              </TabList>
            ) : null}
            {shownTabs.map((tab) => (
              <TabPanel key={tab} id={tab}>
                {tab === 'direct' ? (
                  <DirectTab projectRef={projectRef} info={info} params={params} onChange={go} onStringCopied={onStringCopied} />
                ) : tab === 'frameworks' || tab === 'mobiles' || tab === 'orms' ? (
                  <FrameworkTab tab={tab} projectRef={projectRef} info={info} params={params} onChange={go} />
                ) : (
                  mcpTab
                )}
              </TabPanel>
            ))}
          </Tabs>
        )}
      </Dialog>
    </Modal>
  );
}
