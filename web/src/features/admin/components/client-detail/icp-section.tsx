import { useState } from 'react';
import { Pencil } from 'lucide-react';
import { useUpdateClient } from '../../api/update-client';
import type { Client } from '../../api/client-schema';
import { secondaryButton } from '@/components/ui/form-styles';
import { IcpForm } from '../icp-form';
import { IcpCategories } from '../icp-categories';
import { IcpView } from './icp-view';

/** The client's ICP: one row per field that has a value, and an Edit button that opens the form. */
export function IcpSection({ client }: { client: Client }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateClient(client.id);
  return (
    <section aria-labelledby="icp-heading">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="icp-heading" className="text-lg font-semibold text-white">
          Ideal customer profile
        </h3>
        {!editing && (
          <button type="button" className={`${secondaryButton} ml-auto`} onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit ICP
          </button>
        )}
      </div>
      {editing ? (
        <IcpForm
          idPrefix="client-icp"
          icp={client.icp}
          onSave={async (icp) => {
            await update.mutateAsync({ icp });
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <IcpView icp={client.icp} />
      )}
      <IcpCategories client={client} />
    </section>
  );
}
