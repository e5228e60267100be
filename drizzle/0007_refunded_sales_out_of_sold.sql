-- Issue 19, item 20: a refund takes the sale out of the product's sold count. Refunds made before this release
-- left their units counted; take them out once (never below zero: demo data sets counts without orders).
UPDATE products SET sold = max(0, sold - (
  SELECT coalesce(sum(o.quantity), 0) FROM orders o WHERE o.product_id = products.id AND o.status = 'Refunded'
)) WHERE id IN (SELECT product_id FROM orders WHERE status = 'Refunded');
