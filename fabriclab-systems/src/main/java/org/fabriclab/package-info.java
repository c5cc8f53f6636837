/** The five seed systems, one package each; filled by their issues. */
package org.fabriclab;
