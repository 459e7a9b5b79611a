/**
 * The supplier registry: the suppliers an order may name, by name, and the one new orders go to.
 * Each speaks the fulfilment port (./port.ts); the delivery engine, its job and the console ask
 * here for an order's supplier.
 */
import { digiflazz } from './digiflazz';
import type { Supplier } from './port';

/** The suppliers an order may name; a second supplier is its adapter's file and one entry here. */
export const suppliers: Record<string, Supplier> = { [digiflazz.name]: digiflazz };

/** The supplier a new supplier-mode order goes to. */
export const defaultSupplier = digiflazz.name;

/** The stage's fixed outbound address, where its supplier calls leave from one (the delivery functions in prod); empty otherwise. */
export const egressAddress = process.env.SUPPLIER_EGRESS_ADDRESS ?? '';
